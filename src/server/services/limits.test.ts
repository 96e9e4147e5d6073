import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { LIMITS, limitsTable } from './limits.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the limits table', () => {
  const settings = {
    ...loadConfig({ NODE_ENV: 'test' }),
    formRateLimit: 11,
    statusRateLimit: 12,
    submissionRateLimit: 13,
    sessionRateLimit: 14,
    checkRateLimit: 15,
    emailRateLimit: 16,
  };

  it('gives each budget the maximum of its setting, or its own number, and the window it always had', () => {
    // Each budget the service had before the table, with the maximum and the window it had.
    expect(limitsTable(settings)).toMatchObject({
      forms: { max: 11, windowMs: MINUTE },
      status: { max: 12, windowMs: MINUTE },
      submissions: { max: 13, windowMs: MINUTE },
      sessions: { max: 14, windowMs: HOUR },
      checks: { max: 15, windowMs: MINUTE },
      feedback: { max: 10, windowMs: HOUR },
      staffSignIns: { max: 120, windowMs: MINUTE },
      staffForms: { max: 120, windowMs: MINUTE },
      emailsToAddress: { max: 16, windowMs: HOUR },
      checkFailures: { max: 10, windowMs: HOUR },
      checkCodeFailures: { max: 5, windowMs: HOUR },
      statusLinkEmails: { max: 1, windowMs: 10 * MINUTE },
    });
  });

  it('reads the defaults of the settings when none is set', () => {
    const table = limitsTable(loadConfig({ NODE_ENV: 'test' }));
    expect(table.forms.max).toBe(60);
    expect(table.status.max).toBe(60);
    expect(table.sessions.max).toBe(30);
  });

  it('declares every budget with a window and a maximum that a setting gives or that is a whole number', () => {
    for (const [budget, { max, windowMs }] of Object.entries(LIMITS)) {
      expect(windowMs, budget).toBeGreaterThan(0);
      if (typeof max === 'number') expect(Number.isInteger(max) && max > 0, budget).toBe(true);
      else expect(settings, budget).toHaveProperty(max);
    }
  });
});
