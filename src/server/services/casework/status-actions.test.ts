import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, isTransitionAllowed } from '#shared/domain/application-status.ts';
import { STAFF_ACTIONS } from './staff.ts';
import { STATUS_ACTION_NAMES, STATUS_ACTIONS } from './status-actions.ts';

describe('the statuses staff may set', () => {
  it('each set a status that some status may change to, so each is offered somewhere', () => {
    for (const action of STATUS_ACTION_NAMES) {
      const { to } = STATUS_ACTIONS[action];
      expect(
        APPLICATION_STATUSES.some((from) => isTransitionAllowed(from, to)),
        action,
      ).toBe(true);
    }
  });

  it('set each status once, and are each an action of the audit log', () => {
    const targets = STATUS_ACTION_NAMES.map((action) => STATUS_ACTIONS[action].to);
    expect(new Set(targets).size).toBe(targets.length);
    expect(STAFF_ACTIONS).toEqual(expect.arrayContaining(STATUS_ACTION_NAMES));
  });
});
