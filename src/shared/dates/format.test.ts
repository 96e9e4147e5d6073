import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatTimeOfDay, parseIsoDate } from './format.ts';

// Every case is a fixed instant or a calendar day, so the results cannot depend on the
// machine's TZ. To see it: TZ=America/New_York npx vitest run --project unit src/shared/dates

describe('formatDateTime around the 2026 clock changes', () => {
  it.each([
    // 29 March 2026, 01:00 UTC: clocks go forward from 01:00 GMT to 02:00 BST.
    ['2026-03-29T00:59:59Z', '29/03/2026 00:59'],
    ['2026-03-29T01:00:00Z', '29/03/2026 02:00'],
    ['2026-03-29T01:30:00Z', '29/03/2026 02:30'],
    ['2026-03-28T23:30:00Z', '28/03/2026 23:30'],
    ['2026-03-29T23:30:00Z', '30/03/2026 00:30'],
    // 25 October 2026, 01:00 UTC: clocks go back from 02:00 BST to 01:00 GMT.
    ['2026-10-25T00:59:00Z', '25/10/2026 01:59'],
    ['2026-10-25T01:00:00Z', '25/10/2026 01:00'],
    ['2026-10-24T23:30:00Z', '25/10/2026 00:30'],
    ['2026-10-24T22:59:00Z', '24/10/2026 23:59'],
    ['2026-10-25T23:30:00Z', '25/10/2026 23:30'],
    // Midnight and the new year (GMT, so UTC and London agree).
    ['2026-01-01T00:00:00Z', '01/01/2026 00:00'],
    ['2025-12-31T23:59:59.999Z', '31/12/2025 23:59'],
    ['2026-12-31T23:59:00Z', '31/12/2026 23:59'],
    // Midnight in summer is 23:00 UTC the day before.
    ['2026-06-30T23:00:00Z', '01/07/2026 00:00'],
    ['2026-06-30T22:59:00Z', '30/06/2026 23:59'],
    // Afternoon stays 24-hour.
    ['2026-07-01T12:05:00Z', '01/07/2026 13:05'],
    ['2026-01-15T17:45:00Z', '15/01/2026 17:45'],
  ])('%s → %s', (iso, expected) => {
    expect(formatDateTime(iso)).toBe(expected);
    expect(formatDateTime(new Date(iso))).toBe(expected);
  });

  it('converts timestamps with an offset through the same instant', () => {
    expect(formatDateTime('2026-03-29T03:00:00+02:00')).toBe('29/03/2026 02:00');
    expect(formatDateTime('2026-10-24T19:30:00-04:00')).toBe('25/10/2026 00:30');
    expect(formatDateTime('2026-10-25T06:30:00+0530')).toBe('25/10/2026 01:00');
    expect(formatDateTime('2026-07-01 12:05z')).toBe('01/07/2026 13:05');
  });

  it('shows a calendar day at 00:00 of that day, whatever the time zone', () => {
    expect(formatDateTime('2026-03-29')).toBe('29/03/2026 00:00');
    expect(formatDateTime('2026-07-01')).toBe('01/07/2026 00:00');
    expect(formatDateTime('2026-01-01')).toBe('01/01/2026 00:00');
  });

  it('shows a timestamp without an offset as the London wall time it already is', () => {
    expect(formatDateTime('2026-10-25T01:30')).toBe('25/10/2026 01:30');
    expect(formatDateTime('2026-07-01T00:00:00')).toBe('01/07/2026 00:00');
  });
});

describe('formatLongDate', () => {
  it.each([
    ['2026-03-29T00:59:59Z', '29 March 2026'],
    ['2026-03-29T01:00:00Z', '29 March 2026'],
    ['2026-03-29T23:30:00Z', '30 March 2026'],
    ['2026-10-24T23:30:00Z', '25 October 2026'],
    ['2026-10-24T22:59:00Z', '24 October 2026'],
    ['2026-10-25T01:00:00Z', '25 October 2026'],
    ['2026-06-30T23:00:00Z', '01 July 2026'],
    ['2025-12-31T23:59:59Z', '31 December 2025'],
    ['2026-01-01T00:00:00Z', '01 January 2026'],
    ['2026-03-05T12:00:00Z', '05 March 2026'],
  ])('%s → %s', (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
    expect(formatLongDate(new Date(iso))).toBe(expected);
  });

  it.each([
    ['2026-03-05', '05 March 2026'],
    ['2026-03-29', '29 March 2026'],
    ['2026-10-25', '25 October 2026'],
    ['2026-07-01', '01 July 2026'],
    ['2026-01-01', '01 January 2026'],
    ['2025-12-31', '31 December 2025'],
    ['2028-02-29', '29 February 2028'],
    ['1970-01-01', '01 January 1970'],
  ])('keeps the calendar day %s as %s', (day, expected) => {
    expect(formatLongDate(day)).toBe(expected);
  });

  it.each([
    ['2026-12-04', '04 ديسمبر 2026'],
    ['2026-11-23', '23 نوفمبر 2026'],
    ['2027-01-01', '01 يناير 2027'],
  ])('writes the calendar day %s in Arabic as %s, with Western digits', (day, expected) => {
    expect(formatLongDate(day, 'ar')).toBe(expected);
  });

  it('names the London day of an instant in Arabic', () => {
    expect(formatLongDate('2026-06-30T23:00:00Z', 'ar')).toBe('01 يوليو 2026');
  });

  it.each([
    ['2027-03-14', '14 Mawrth 2027'],
    ['2026-02-05', '05 Chwefror 2026'],
    ['2026-12-31', '31 Rhagfyr 2026'],
    ['2028-02-29', '29 Chwefror 2028'],
  ])('writes the calendar day %s in Welsh as %s', (day, expected) => {
    expect(formatLongDate(day, 'cy')).toBe(expected);
  });

  it('names the London day of an instant in Welsh', () => {
    expect(formatLongDate('2026-06-30T23:00:00Z', 'cy')).toBe('01 Gorffennaf 2026');
    expect(formatLongDate(new Date('2026-10-24T23:30:00Z'), 'cy')).toBe('25 Hydref 2026');
  });
});

describe('bad input', () => {
  it.each([
    '',
    'yesterday',
    '05/03/2026',
    '2026-02-30',
    '2026-13-01',
    '2026-03-29T24:00Z',
    '2026-03-29T10:60Z',
    '2026-03-29T10:00+24:00',
  ])('rejects %j', (text) => {
    expect(() => formatDateTime(text)).toThrow(RangeError);
    expect(() => formatLongDate(text)).toThrow(RangeError);
  });

  it('rejects an invalid Date', () => {
    expect(() => formatDateTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatLongDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('parseIsoDate', () => {
  it('reads a calendar day', () => {
    expect(parseIsoDate('2026-03-05')).toEqual({ year: 2026, month: 3, day: 5 });
    expect(parseIsoDate(' 2028-02-29 ')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it.each(['2026-02-29', '2026-04-31', '2026-00-10', '2026-1-5', '2026-03-05T00:00Z', 'x'])('rejects %j', (text) => {
    expect(parseIsoDate(text)).toBeNull();
  });
});

describe('formatTimeOfDay', () => {
  it('writes London time as GOV.UK does, in summer and winter', () => {
    // 15:35 UTC in November is 3:35pm in London (GMT); in July 16:35 (BST).
    expect(formatTimeOfDay('2026-11-25T15:35:00Z')).toBe('3:35pm');
    expect(formatTimeOfDay('2026-07-01T15:35:00Z')).toBe('4:35pm');
    expect(formatTimeOfDay('2026-11-25T09:00:00Z')).toBe('9am');
    expect(formatTimeOfDay('2026-11-25T00:05:00Z')).toBe('12:05am');
    expect(formatTimeOfDay('2026-11-25T12:00:00Z')).toBe('midday');
    expect(formatTimeOfDay('2026-11-25T00:00:00Z')).toBe('midnight');
    expect(formatTimeOfDay('2026-11-25T23:59:00Z')).toBe('11:59pm');
  });

  it('writes it in Arabic with Western digits', () => {
    expect(formatTimeOfDay('2026-11-25T15:35:00Z', 'ar')).toBe('3:35 م');
    expect(formatTimeOfDay('2026-11-25T09:00:00Z', 'ar')).toBe('9 ص');
    expect(formatTimeOfDay('2026-11-25T12:00:00Z', 'ar')).toBe('الظهر');
    expect(formatTimeOfDay('2026-11-25T00:00:00Z', 'ar')).toBe('منتصف الليل');
  });

  it('writes it in Welsh as GOV.UK’s Welsh style does', () => {
    expect(formatTimeOfDay('2026-07-01T15:35:00Z', 'cy')).toBe('4:35yp');
    expect(formatTimeOfDay('2026-11-25T09:00:00Z', 'cy')).toBe('9yb');
    expect(formatTimeOfDay('2026-11-25T00:05:00Z', 'cy')).toBe('12:05yb');
    expect(formatTimeOfDay('2026-11-25T12:00:00Z', 'cy')).toBe('canol dydd');
    expect(formatTimeOfDay('2026-11-25T00:00:00Z', 'cy')).toBe('canol nos');
  });
});
