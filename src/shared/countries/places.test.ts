import { describe, expect, it, vi } from 'vitest';
import {
  PLACES_OF_DEPARTURE,
  PORTS_OF_ARRIVAL,
  findPlaceOfDeparture,
  findPortOfArrival,
  isListedPlaceOfDeparture,
  isPlaceOfDepartureInIreland,
  namesOfPlace,
  normalisePlaceName,
  placeOfDepartureKey,
  portsOfArrivalFor,
  routesThroughRepublic,
  placeOfDepartureLabel,
  searchPlacesOfDeparture,
  type Place,
} from './places.ts';
import { searchKey } from './search-text.ts';
import ar from '../i18n/translations/ar.json';
import cy from '../i18n/translations/cy.json';
import en from '../i18n/translations/en.json';

const allNames = (places: readonly Place[]) => places.flatMap(namesOfPlace).map(normalisePlaceName);
const departureNames = PLACES_OF_DEPARTURE.flatMap(namesOfPlace);

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
    // Cities and large towns where a road journey starts (the refused "Kilkenny").
    'Kilkenny',
    'Athlone',
    'Wexford',
    'Dún Laoghaire',
    'Dun Laoghaire',
    // Terminals, punctuation and spacing.
    'Dublin Airport T2',
    'Dublin Airport Terminal 2',
    'Dublin Airport Terminal 1',
    'DUB T1',
    'dub-t2',
    'Dublin Airport (T1)',
    'Cork Airport, Terminal 1',
    'St. Johnston',
    'Carrick on Shannon',
  ])('%j is in Ireland', (name) => {
    expect(isListedPlaceOfDeparture(name)).toBe(true);
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
    // Sailings to France and Spain only (decision 007).
    'Ringaskiddy',
    'Cork (Ringaskiddy)',
    'Paris',
    'T2',
    'Terminal 1',
    '',
    '   ',
    'Dublin Airport, Ireland',
  ])('%j is not a listed place of departure', (name) => {
    expect(isListedPlaceOfDeparture(name)).toBe(false);
    expect(isPlaceOfDepartureInIreland(name)).toBe(false);
  });

  it('tells the kind of each place', () => {
    expect(findPlaceOfDeparture('knock airport')).toMatchObject({
      name: 'Ireland West Airport Knock',
      kind: 'airport',
      inRepublic: true,
    });
    expect(findPlaceOfDeparture('Rosslare')?.kind).toBe('ferryPort');
    expect(findPlaceOfDeparture('Lifford')?.kind).toBe('borderTown');
    expect(findPlaceOfDeparture('Cork')?.kind).toBe('town');
    expect(findPlaceOfDeparture('Cork Airport')?.kind).toBe('airport');
  });

  it.each([
    ['Baile Átha Cliath', 'Dublin'],
    ['baile atha cliath', 'Dublin'],
    ['Corcaigh', 'Cork'],
    ['Gaillimh', 'Galway'],
    ['Luimneach', 'Limerick'],
    ['Port Láirge', 'Waterford'],
    ['Cill Chainnigh', 'Kilkenny'],
    ['Dún Dealgan', 'Dundalk'],
    ['Loch Garman', 'Wexford'],
    ['Baile Átha Luain', 'Athlone'],
    ['Aerfort Bhaile Átha Cliath', 'Dublin Airport'],
    ['Ros Láir', 'Rosslare Europort'],
    ['Leitir Ceanainn', 'Letterkenny'],
    ['Muineachán', 'Monaghan'],
  ])('knows the Irish name %j as %j', (irish, name) => {
    expect(findPlaceOfDeparture(irish)?.name).toBe(name);
  });

  it.each([
    ['Dublin Airport T2', 'Dublin Airport'],
    ['Dublin Airport Terminal 1', 'Dublin Airport'],
    ['DUB T1', 'Dublin Airport'],
    ['dub terminal 2', 'Dublin Airport'],
    // A terminal belongs to an airport: not the city of the same name.
    ['Dublin T2', 'Dublin Airport'],
    ['Cork Terminal 1', 'Cork Airport'],
    ['Shannon T1', 'Shannon Airport'],
    // A port has terminals too, and no airport of that name.
    ['Dublin Port Terminal 1', 'Dublin Port'],
    ['Dublin', 'Dublin'],
  ])('takes %j as %j', (typed, name) => {
    expect(findPlaceOfDeparture(typed)?.name).toBe(name);
  });

  it('lists every kind of way out of Ireland to the UK', () => {
    const kinds = (kind: Place['kind']) =>
      PLACES_OF_DEPARTURE.filter((place) => place.kind === kind).map((place) => place.name);
    expect(kinds('airport')).toEqual([
      'Dublin Airport',
      'Cork Airport',
      'Shannon Airport',
      'Ireland West Airport Knock',
      'Kerry Airport',
      'Donegal Airport',
    ]);
    expect(kinds('ferryPort')).toEqual(['Dublin Port', 'Rosslare Europort']);
    expect(kinds('borderTown')).toEqual(
      expect.arrayContaining(['Dundalk', 'Carrickarnon', 'Lifford', 'Muff', 'Blacklion', 'Belturbet', 'Pettigo']),
    );
    expect(kinds('town')).toEqual(
      expect.arrayContaining([
        'Dublin',
        'Cork',
        'Galway',
        'Limerick',
        'Waterford',
        'Kilkenny',
        'Athlone',
        'Wexford',
        'Sligo',
      ]),
    );
  });

  it('marks every place as in the Republic today', () => {
    expect(PLACES_OF_DEPARTURE.filter((place) => !place.inRepublic)).toEqual([]);
  });

  it('passes the routing check for every name and alias the form accepts', () => {
    const refused = departureNames.filter(
      (name) => !isListedPlaceOfDeparture(name) || !isPlaceOfDepartureInIreland(name),
    );
    expect(refused).toEqual([]);
  });

  it('refuses for routing only a place marked as outside the Republic, or one not on the list', () => {
    const dublin = findPlaceOfDeparture('Dublin Airport')!;
    expect(routesThroughRepublic(dublin)).toBe(true);
    expect(routesThroughRepublic({ ...dublin, name: 'Somewhere listed', inRepublic: false })).toBe(false);
    expect(routesThroughRepublic(undefined)).toBe(false);
  });
});

describe('searching the places of departure', () => {
  const names = (query: string) => searchPlacesOfDeparture(query).map((place) => place.name);

  it('offers every place, airports and ports first, for an empty query', () => {
    expect(names('')).toEqual(PLACES_OF_DEPARTURE.map((place) => place.name));
    expect(names('   ').slice(0, 2)).toEqual(['Dublin Airport', 'Cork Airport']);
  });

  it('puts the place typed exactly first, then names starting with the text in list order, then aliases', () => {
    expect(names('dublin')).toEqual(['Dublin', 'Dublin Airport', 'Dublin Port']);
    expect(names('DUB')[0]).toBe('Dublin Airport');
    expect(names('Cork')).toEqual(['Cork', 'Cork Airport']);
    expect(names('Ros')[0]).toBe('Rosslare Europort');
  });

  it('finds a place by its Irish name, code or a terminal', () => {
    expect(names('Baile Átha Cliath')[0]).toBe('Dublin');
    expect(names('baile atha')).toEqual(expect.arrayContaining(['Dublin', 'Athlone', 'Athy', 'Trim']));
    expect(names('Dublin Airport T2')).toEqual(['Dublin Airport']);
    expect(names('Dublin Airport Termi')).toEqual(['Dublin Airport']);
    expect(names('ORK')[0]).toBe('Cork Airport');
    expect(findPlaceOfDeparture('Dublin Ferry Terminal')?.name).toBe('Dublin Port');
  });

  // The hint's examples are written in the page's language (decision 031): each finds its place.
  it.each([
    ['en', ['Dublin Airport', 'Rosslare Europort', 'Dundalk']],
    ['cy', ['Maes Awyr Dulyn', 'Rosslare Europort', 'Dundalk']],
    ['ar', ['مطار دبلن', 'ميناء روسلير', 'دندالك']],
  ] as const)('finds the places the %s hint gives as examples', (language, examples) => {
    const hint = { en, cy, ar }[language].apply.hints['port-of-departure'];
    for (const example of examples) expect(hint).toContain(example);
    expect(examples.map((example) => findPlaceOfDeparture(example)?.name)).toEqual([
      'Dublin Airport',
      'Rosslare Europort',
      'Dundalk',
    ]);
  });

  it.each([
    ['Dulyn', 'Dublin'],
    ['Maes Awyr Dulyn', 'Dublin Airport'],
    ['Porthladd Dulyn', 'Dublin Port'],
    ['Corc', 'Cork'],
    ['Maes Awyr Corc', 'Cork Airport'],
    ['Maes Awyr Shannon', 'Shannon Airport'],
    ['دبلن', 'Dublin'],
    ['مطار دبلن', 'Dublin Airport'],
    ['ميناء دبلن', 'Dublin Port'],
    ['مطار كورك', 'Cork Airport'],
    ['مطار شانون', 'Shannon Airport'],
  ])('finds a place by its Welsh or Arabic name: %s', (typed, name) => {
    expect(findPlaceOfDeparture(typed)?.name).toBe(name);
  });

  it('offers the Dublin places for the start of a Welsh or Arabic name', () => {
    for (const typed of ['Dulyn', 'dul', 'دبلن'])
      expect(searchPlacesOfDeparture(typed).map((place) => place.name)).toEqual(
        expect.arrayContaining(['Dublin Airport', 'Dublin Port', 'Dublin']),
      );
  });

  it('finds words in any order and inside names', () => {
    expect(names('west knock')).toEqual(['Ireland West Airport Knock']);
    expect(names('kenny')).toEqual(expect.arrayContaining(['Kilkenny', 'Letterkenny']));
  });

  it('finds nothing outside Ireland', () => {
    expect(names('Paris')).toEqual([]);
    expect(names('Heathrow')).toEqual([]);
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
    // Nor once reduced as typed text is, so no spelling of a UK port is a place of departure.
    expect(PORTS_OF_ARRIVAL.flatMap(namesOfPlace).filter((name) => isListedPlaceOfDeparture(name))).toEqual([]);
  });

  it('give every place of departure keys of its own, however its names are typed', () => {
    const keys = departureNames.map(placeOfDepartureKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    // No name loses a part to the terminal rule, and each finds its own place.
    expect(departureNames.filter((name) => placeOfDepartureKey(name) !== searchKey(name))).toEqual([]);
    for (const place of PLACES_OF_DEPARTURE) {
      for (const name of namesOfPlace(place)) expect(findPlaceOfDeparture(name), name).toBe(place);
    }
  });

  it('give each place an Irish name or an English one that is also Irish', () => {
    // Only a few small places have no Irish name of their own in the list.
    const withoutIrish = PLACES_OF_DEPARTURE.filter((place) => (place.aliases ?? []).length === 0).map(
      (place) => place.name,
    );
    expect(withoutIrish).toEqual(['Carrickarnon', 'Ravensdale', 'Hackballscross', 'Killea']);
  });

  it('normalises names for matching', () => {
    expect(normalisePlaceName('  Dún   Laoghaire ')).toBe('dun laoghaire');
    expect(normalisePlaceName('Port Láirge')).toBe('port lairge');
    expect(normalisePlaceName('O’Brien’s')).toBe("o'brien's");
  });
});

describe('a place of departure’s name in the page’s language', () => {
  it('is its Welsh or Arabic name where it has one, and its own name otherwise', () => {
    expect(placeOfDepartureLabel('Dublin Airport', 'cy')).toBe('Maes Awyr Dulyn');
    expect(placeOfDepartureLabel('Dublin Airport', 'ar')).toBe('مطار دبلن');
    expect(placeOfDepartureLabel('Dublin Airport', 'en')).toBe('Dublin Airport');
    expect(placeOfDepartureLabel('Dublin', 'cy')).toBe('Dulyn');
    // No Welsh name: the place's own.
    expect(placeOfDepartureLabel('Limerick', 'cy')).toBe('Limerick');
    expect(placeOfDepartureLabel('Limerick', 'ar')).toBe('ليمريك');
    // Text that names no listed place stays as typed.
    expect(placeOfDepartureLabel('Atlantis', 'cy')).toBe('Atlantis');
  });

  it('finds the place it names, in every language: the label typed or pasted back is the place', () => {
    for (const place of PLACES_OF_DEPARTURE)
      for (const language of ['en', 'cy', 'ar'] as const)
        expect(findPlaceOfDeparture(placeOfDepartureLabel(place.name, language))?.name).toBe(place.name);
  });
});

describe('loading the lists', () => {
  it('reduces no name as the module loads, only at the first look-up', async () => {
    vi.resetModules();
    const normalize = vi.spyOn(String.prototype, 'normalize');
    try {
      const places = await import('./places.ts');
      expect(normalize).not.toHaveBeenCalled();
      expect(places.findPlaceOfDeparture('Dublin Airport T2')?.name).toBe('Dublin Airport');
      expect(places.findPortOfArrival('belfast city airport')).toBeDefined();
      expect(normalize).toHaveBeenCalled();
    } finally {
      normalize.mockRestore();
    }
  });
});
