import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, isTransitionAllowed } from './application-status.ts';

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
