import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  COS_HOLDING_STATUSES,
  DECIDED_STATUSES,
  FINAL_STATUSES,
  INITIAL_STATUS,
  isDecided,
  isIn,
  isOpen,
  isTransitionAllowed,
  OPEN_STATUSES,
  PURGEABLE_STATUSES,
} from './application-status.ts';

describe('status transitions', () => {
  it('decide an application in progress, withdraw a decision, and end at withdrawn', () => {
    const allowed = APPLICATION_STATUSES.flatMap((from) =>
      APPLICATION_STATUSES.filter((to) => isTransitionAllowed(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'in-progress>approved',
      'in-progress>rejected',
      'in-progress>withdrawn',
      'approved>withdrawn',
      'rejected>withdrawn',
    ]);
  });
});

describe('the named status sets', () => {
  it('name the statuses each question is about', () => {
    expect(OPEN_STATUSES).toEqual(['in-progress']);
    expect(DECIDED_STATUSES).toEqual(['approved', 'rejected']);
    expect(FINAL_STATUSES).toEqual(['withdrawn']);
    expect(COS_HOLDING_STATUSES).toEqual(['in-progress', 'approved']);
    expect(PURGEABLE_STATUSES).toEqual(['approved', 'rejected', 'withdrawn']);
    expect(OPEN_STATUSES).toContain(INITIAL_STATUS);
  });

  it('place every status in exactly one of open, decided and final', () => {
    const placed = [...OPEN_STATUSES, ...DECIDED_STATUSES, ...FINAL_STATUSES];
    expect([...placed].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it('keep the personal data of an open application, and let nothing follow a final one', () => {
    for (const status of APPLICATION_STATUSES) {
      expect(PURGEABLE_STATUSES.includes(status), status).toBe(!isOpen(status));
      if (isIn(FINAL_STATUSES, status)) {
        expect(
          APPLICATION_STATUSES.filter((to) => isTransitionAllowed(status, to)),
          status,
        ).toEqual([]);
      }
    }
  });

  it('answer membership as the sets say', () => {
    expect(isOpen('in-progress')).toBe(true);
    expect(isOpen('approved')).toBe(false);
    expect(isDecided('rejected')).toBe(true);
    expect(isDecided('withdrawn')).toBe(false);
  });
});
