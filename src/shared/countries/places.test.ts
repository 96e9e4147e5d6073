import { describe, expect, it } from 'vitest';
import {
  PLACES_OF_DEPARTURE,
  PORTS_OF_ARRIVAL,
  findPlaceOfDeparture,
  findPortOfArrival,
  isPlaceOfDepartureInIreland,
  normalisePlaceName,
  portsOfArrivalFor,
  type Place,
} from './places.ts';

const allNames = (places: readonly Place[]) => places.flatMap((place) => [place.name, ...(place.aliases ?? [])]).map(normalisePlaceName);

describe('places of departure in Ireland', () => {
  it.each([
    'Dublin Airport',
    'dublin airport',
    '  DUBLIN   AIRPORT ',
    'DUB',
    'Dublin',
    'Baile Átha Cliath',
    'baile atha cliath',
    'Cork Airport',
    'Cork (Ringaskiddy)',
    'Ringaskiddy',
    'Shannon',
    'Knock',
    'Ireland West Airport Knock',
    'Kerry Airport',
    'Donegal Airport',
    'Dublin Port',
    'Rosslare Europort',
    'Dundalk',
    'Dun Dealgan',
    'Letterkenny',
    'Lifford',
    'Bridgend',
    'Muff',
    'Clones',
    'Monaghan',
    'Cavan',
    'Blacklion',
    'Castleblayney',
    'Ballyconnell',
    'Carrickarnon',
  ])('%j is in Ireland', (name) => {
    expect(isPlaceOfDepartureInIreland(name)).toBe(true);
  });

  it.each([
    // Northern Ireland and Great Britain are not the Republic.
    'Belcoo',
    'Belfast',
    'Newry',
    'Derry',
    'London Heathrow Airport',
    'Holyhead',
    // Dún Laoghaire has had no ferry since 2015 (decision 007).
    'Dún Laoghaire',
    'Paris',
    '',
    '   ',
    'Dublin Airport, Ireland',
  ])('%j is not a listed place of departure', (name) => {
    expect(isPlaceOfDepartureInIreland(name)).toBe(false);
  });

  it('tells the kind of each place', () => {
    expect(findPlaceOfDeparture('knock airport')).toEqual({ name: 'Ireland West Airport Knock', kind: 'airport', aliases: ['Knock', 'Knock Airport', 'NOC'] });
    expect(findPlaceOfDeparture('Rosslare')?.kind).toBe('ferryPort');
    expect(findPlaceOfDeparture('Lifford')?.kind).toBe('borderTown');
    expect(findPlaceOfDeparture('Cork')?.kind).toBe('town');
    expect(findPlaceOfDeparture('Cork Airport')?.kind).toBe('airport');
  });
});

describe('UK ports of arrival', () => {
  it.each([
    ['Heathrow', 'London Heathrow Airport', 'airport'],
    ['london gatwick airport', 'London Gatwick Airport', 'airport'],
    ['Belfast City', 'George Best Belfast City Airport', 'airport'],
    ['BFS', 'Belfast International Airport', 'airport'],
    ['Holyhead', 'Holyhead', 'ferryPort'],
    ['Port of Liverpool', 'Liverpool', 'ferryPort'],
    ['Liverpool Airport', 'Liverpool John Lennon Airport', 'airport'],
    ['Fishguard', 'Fishguard', 'ferryPort'],
    ['Cairnryan', 'Cairnryan', 'ferryPort'],
    ['Londonderry', 'Derry/Londonderry', 'roadCrossing'],
    ['derry / londonderry', undefined, undefined],
    ['Belcoo', 'Belcoo', 'roadCrossing'],
    ['Dublin Airport', undefined, undefined],
  ])('%j → %s', (name, expected, kind) => {
    expect(findPortOfArrival(name)?.name).toBe(expected);
    expect(findPortOfArrival(name)?.kind).toBe(kind);
  });

  it('offers airports by plane and the rest by road', () => {
    expect(portsOfArrivalFor('plane').every((place) => place.kind === 'airport')).toBe(true);
    expect(portsOfArrivalFor('road').map((place) => place.kind)).not.toContain('airport');
    expect(portsOfArrivalFor('plane').length + portsOfArrivalFor('road').length).toBe(PORTS_OF_ARRIVAL.length);
  });
});

describe('the lists', () => {
  it('give every name once per list, so no place hides another', () => {
    for (const places of [PLACES_OF_DEPARTURE, PORTS_OF_ARRIVAL]) {
      const names = allNames(places);
      expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    }
  });

  it('share no name: nothing is both in the Republic and in the UK', () => {
    const uk = new Set(allNames(PORTS_OF_ARRIVAL));
    expect(allNames(PLACES_OF_DEPARTURE).filter((name) => uk.has(name))).toEqual([]);
  });

  it('normalises names for matching', () => {
    expect(normalisePlaceName('  Dún   Laoghaire ')).toBe('dun laoghaire');
    expect(normalisePlaceName('Port Láirge')).toBe('port lairge');
    expect(normalisePlaceName('O’Brien’s')).toBe("o'brien's");
  });
});
