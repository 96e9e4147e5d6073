import { describe, expect, it } from 'vitest';
import {
  PLACES_OF_DEPARTURE,
  isListedPlaceOfDeparture,
  isPlaceOfDepartureInIreland,
  namesOfPlace,
} from '#shared/countries/places.ts';
import type { CheckDependencies, CheckedApplication } from './automated-checks.ts';
import { firstFailingCheck, isLateApplication } from './automated-checks.ts';

describe('the late check', () => {
  it('counts London calendar days between the application and the arrival', () => {
    const appliedAt = new Date('2026-03-02T10:00:00Z');
    expect(isLateApplication('2026-03-02', appliedAt)).toBe(true);
    expect(isLateApplication('2026-03-04', appliedAt)).toBe(true);
    expect(isLateApplication('2026-03-05', appliedAt)).toBe(false);
    expect(isLateApplication('2026-04-30', appliedAt)).toBe(false);
  });

  it('ignores the time of day: the whole application day counts as the day applied', () => {
    expect(isLateApplication('2026-03-05', new Date('2026-03-02T00:00:00Z'))).toBe(false);
    expect(isLateApplication('2026-03-05', new Date('2026-03-02T23:59:59Z'))).toBe(false);
  });

  it('uses the London day, not the UTC day, in summer time', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London: 3 days before 4 July, not 4.
    const appliedAt = new Date('2026-06-30T23:30:00Z');
    expect(isLateApplication('2026-07-03', appliedAt)).toBe(true);
    expect(isLateApplication('2026-07-04', appliedAt)).toBe(false);
  });

  it('refuses an arrival date that is not a calendar day', () => {
    expect(() => isLateApplication('2026-02-30', new Date())).toThrow(RangeError);
  });
});

describe('the order of the checks', () => {
  const application: CheckedApplication = {
    arrivalDate: '2026-03-20',
    createdAt: new Date('2026-03-02T10:00:00Z'),
    placeOfDeparture: 'Dublin Airport',
    passportNumber: 'AB123456',
  };
  const passing: CheckDependencies = {
    isPlaceOfDepartureInIreland: () => true,
    isPassportLostOrStolen: async () => false,
  };

  it('passes an application that fails no check', async () => {
    expect(await firstFailingCheck(application, passing)).toBeUndefined();
  });

  it('gives the reason of the first failing check: late, then routing, then credibility', async () => {
    const failingAll: CheckDependencies = {
      isPlaceOfDepartureInIreland: () => false,
      isPassportLostOrStolen: async () => true,
    };
    const late = { ...application, arrivalDate: '2026-03-03' };
    expect(await firstFailingCheck(late, failingAll)).toBe('late');
    expect(await firstFailingCheck(application, failingAll)).toBe('routing');
    expect(await firstFailingCheck(application, { ...failingAll, isPlaceOfDepartureInIreland: () => true })).toBe(
      'credibility',
    );
  });
});

describe('the routing check with the shared list', () => {
  const application: CheckedApplication = {
    arrivalDate: '2026-03-20',
    createdAt: new Date('2026-03-02T10:00:00Z'),
    placeOfDeparture: 'Dublin Airport',
    passportNumber: 'AB123456',
  };
  const withList: CheckDependencies = { isPlaceOfDepartureInIreland, isPassportLostOrStolen: async () => false };

  it('passes every place name and alias the form accepts', async () => {
    const names = PLACES_OF_DEPARTURE.flatMap(namesOfPlace).filter(isListedPlaceOfDeparture);
    expect(names).toHaveLength(PLACES_OF_DEPARTURE.flatMap(namesOfPlace).length);
    const refused: string[] = [];
    for (const placeOfDeparture of names) {
      if ((await firstFailingCheck({ ...application, placeOfDeparture }, withList)) !== undefined)
        refused.push(placeOfDeparture);
    }
    expect(refused).toEqual([]);
  });

  it('refuses a stored place the list does not know (a value from before the list was the rule)', async () => {
    for (const placeOfDeparture of ['Belfast', 'Paris', '']) {
      expect(await firstFailingCheck({ ...application, placeOfDeparture }, withList), placeOfDeparture).toBe('routing');
    }
  });
});
