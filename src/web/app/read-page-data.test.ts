import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ID } from '#shared/pages/page-data-element.ts';
import type { PageData } from './page-data.ts';
import { readPageData } from './read-page-data.ts';

const write = (content: string) => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ID;
  element.textContent = content;
  document.body.append(element);
};

afterEach(() => {
  document.getElementById(PAGE_DATA_ID)?.remove();
});

const base: PageData = { kept: { formState: null, statusToken: 'token' }, formToken: 't' };

/** What the reader makes of `data` written into the page. */
const read = (data: unknown) => {
  document.getElementById(PAGE_DATA_ID)?.remove();
  write(JSON.stringify(data));
  return readPageData();
};

describe('the page data', () => {
  it('is read with its kept values by name', () => {
    const data = { kept: { formState: '{}', statusToken: null }, formToken: 't', back: '/x', facts: {} };
    write(JSON.stringify(data));
    expect(readPageData()).toEqual(data);
  });

  it('is none when absent, not JSON, or not what this version writes (kept in the order of a list, say)', () => {
    expect(readPageData()).toBeUndefined();
    write('{');
    expect(readPageData()).toBeUndefined();
    document.getElementById(PAGE_DATA_ID)?.remove();
    write(JSON.stringify({ kept: ['{}', null], formToken: 't' }));
    expect(readPageData()).toBeUndefined();
  });

  it('is read with every part the server writes', () => {
    const whole: PageData = {
      ...base,
      back: '/nationality',
      once: true,
      check: {
        kind: 'result',
        result: {
          outcome: 'valid',
          applicationReference: 'CWC-A',
          checkCode: 'ABCD',
          familyName: 'Family',
          givenNames: 'Given',
          arrivalDate: '2026-03-02',
          firstWorkDate: '2026-03-03',
          lastWorkDate: '2026-03-04',
          leaveDate: '2026-03-05',
          sponsorName: 'Example Theatre',
          documentIssuedAt: '2026-03-01T10:00:00.000Z',
          checkedAt: '2026-03-02T10:00:00.000Z',
        },
      },
      statusLink: 'expiredLink',
      feedback: {
        kind: 'ask',
        answers: { 'feedback-rating': '', 'feedback-comment': 'x' },
        errors: { 'feedback-rating': 'required' },
      },
      facts: { cosReferencesInUse: { asked: ['A', 'B'], inUse: ['B'] } },
    };
    expect(read(whole)).toEqual(whole);
    for (const check of [
      { kind: 'ask', answers: { 'check-code': '', 'date-of-birth': { day: '', month: '', year: '' } }, errors: {} },
      { kind: 'checking' },
      { kind: 'result', result: { outcome: 'withdrawn', withdrawnAt: 'x', checkedAt: 'y' } },
      { kind: 'result', result: { outcome: 'not-valid', checkedAt: 'y' } },
      { kind: 'locked', until: '2026-03-02T11:00:00.000Z' },
      { kind: 'failed' },
    ])
      expect(read({ ...base, check })).toEqual({ ...base, check });
    for (const feedback of [
      { kind: 'sending', answers: { 'feedback-rating': 'satisfied', 'feedback-comment': '' } },
      { kind: 'failed', answers: { 'feedback-rating': 'satisfied', 'feedback-comment': '' } },
      { kind: 'sent' },
    ])
      expect(read({ ...base, feedback })).toEqual({ ...base, feedback });
  });

  it('is none when a part is not what this version writes', () => {
    for (const part of [
      { back: 1 },
      { once: false },
      { kept: { formState: null } },
      { statusLink: 'otherLink' },
      { check: { kind: 'unknown' } },
      { check: { kind: 'toString' } },
      { check: { kind: 'locked' } },
      { check: { kind: 'result', result: { outcome: 'valid', checkedAt: 'y' } } },
      { check: { kind: 'ask', answers: { 'check-code': '', 'date-of-birth': '' }, errors: {} } },
      {
        check: {
          kind: 'ask',
          answers: { 'check-code': '', 'date-of-birth': { day: '', month: '', year: '' } },
          errors: { 'other-field': 'required' },
        },
      },
      { feedback: { kind: 'sending' } },
      { feedback: { kind: 'ask', answers: { 'feedback-rating': '', 'feedback-comment': '' }, errors: { x: 1 } } },
      { facts: { cosReferencesInUse: { asked: 'A', inUse: [] } } },
      { facts: { cosReferencesInUse: { asked: ['A'], inUse: [1] } } },
      { facts: [] },
    ])
      expect(read({ ...base, ...part }), JSON.stringify(part)).toBeUndefined();
  });
});
