import { describe, expect, it } from 'vitest';
import type { CheckFailure } from '../db/check-failure-repository.ts';
import { CHECK_LIMITS, checkRefusal } from './check-limits.ts';

const START = new Date('2026-03-02T10:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
const failures = (code: string | null, ...minutes: number[]): CheckFailure[] =>
  minutes.map((m) => ({ failedAt: at(m), checkCode: code }));

describe('the limits of typed checks from one address (decision 042)', () => {
  it('lets four failures in an hour pass, then waits 1, 2, 4, 8, 15 and 15 minutes after the latest', () => {
    expect(checkRefusal(failures(null, 0, 0, 0), 'AAAA-AAAA-A', at(0))).toBeUndefined();
    const seen: number[] = [];
    const past = failures(null, 0, 0, 0, 0);
    for (let latest = 0; past.length < 10;) {
      const refusal = checkRefusal(past, 'AAAA-AAAA-A', at(latest));
      expect(refusal?.kind).toBe('slowed');
      const wait = (refusal!.until.getTime() - at(latest).getTime()) / 60_000;
      seen.push(wait);
      // Not a moment before.
      expect(checkRefusal(past, undefined, new Date(refusal!.until.getTime() - 1))).toEqual(refusal);
      expect(checkRefusal(past, undefined, refusal!.until)).toBeUndefined();
      latest += wait;
      past.push(...failures(null, latest));
    }
    expect(seen).toEqual([1, 2, 4, 8, 15, 15]);
    expect(seen).toEqual(CHECK_LIMITS.waitMinutes);
  });

  it('stops typed checks for an hour from the tenth failure in an hour, however old the first nine become', () => {
    const ten = failures(null, 0, 0, 0, 0, 1, 3, 7, 15, 30, 45);
    expect(checkRefusal(ten, undefined, at(45))).toEqual({ kind: 'locked', until: at(105) });
    // At 61 only six of the ten are within the hour, and the stop still holds.
    expect(checkRefusal(ten, undefined, at(61))).toEqual({ kind: 'locked', until: at(105) });
    expect(checkRefusal(ten, undefined, at(105))).toBeUndefined();
  });

  it('locks one code for an address for an hour from its fifth failure there', () => {
    const five = failures('AAAA-AAAA-A', 0, 0, 0, 0, 1);
    expect(checkRefusal(five, 'AAAA-AAAA-A', at(30))).toEqual({ kind: 'locked', until: at(61) });
    // Another code only waits as the address does (it has had five failures: two minutes).
    expect(checkRefusal(five, 'BBBB-BBBB-B', at(2))).toEqual({ kind: 'slowed', until: at(3) });
    expect(checkRefusal(five, 'BBBB-BBBB-B', at(3))).toBeUndefined();
    expect(checkRefusal(five, 'AAAA-AAAA-A', at(61))).toBeUndefined();
  });

  it('forgets failures an hour old', () => {
    const five = failures(null, 0, 0, 0, 0, 58);
    expect(checkRefusal(five, undefined, at(59))).toEqual({ kind: 'slowed', until: at(60) });
    // At 60 the four from 0 are an hour old: one failure is left, which costs nothing.
    expect(checkRefusal(five, undefined, at(60))).toBeUndefined();
  });

  it('says a time on the whole minute, the one shown to the officer', () => {
    const refusal = checkRefusal(
      [...failures(null, 0, 0, 0), { failedAt: new Date(START.getTime() + 20_000), checkCode: null }],
      undefined,
      at(0.5),
    );
    expect(refusal).toEqual({ kind: 'slowed', until: at(2) });
  });
});
