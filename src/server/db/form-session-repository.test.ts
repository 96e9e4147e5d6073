import { describe, expect, it } from 'vitest';
import { runMigrations } from './migrations.ts';
import type { FormSessionValues, SessionsSince } from './form-session-repository.ts';
import {
  deleteIdleFormSessions,
  findDraftByReturnToken,
  insertFormSession,
  issueReturnToken,
  readFormSession,
  readFormSessionCountingHit,
  saveDraft,
  takeDraftByReturnToken,
  updateFormSession,
  updateFormSessionOrRead,
} from './form-session-repository.ts';
import { listJobs } from './job-repository.ts';
import { onDatabaseAt, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { backendPid, waitForLockWaiters } from '../test-support/lock-waits.ts';

const now = new Date('2026-03-02T10:00:00Z');
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const hoursBefore = (hours: number, at = now) => new Date(at.getTime() - hours * HOUR_MS);
const daysBefore = (days: number, at = now) => new Date(at.getTime() - days * DAY_MS);
const daysAfter = (days: number, at = now) => new Date(at.getTime() + days * DAY_MS);
const hash = (n: number) => Buffer.alloc(32, n);
const values: FormSessionValues = {
  formState: '{"a":1}',
  statusToken: null,
  notice: null,
  statusOpenedAt: null,
  savedUntil: null,
};
const draft = { path: '/sponsor-details', language: 'cy' } as const;
/** What the session store finds at `at`: written in the last 24 hours, or saved in the last 28 days. */
const since = (at: Date): SessionsSince => ({
  active: hoursBefore(24, at),
  renewed: new Date(at.getTime() - 60_000),
  saved: daysBefore(28, at),
});

describe.each(testEngines())('migration 016 on $name', (engine) => {
  it('gives each session already kept a draft id of its own, never saved and with no link', async () => {
    await onDatabaseAt(engine, 15, async (db) => {
      for (const n of [1, 2, 3]) await insertFormSession(db, hash(n), values, now);
      await runMigrations(db);
      const { rows } = await db.query<{ draftId: string; savedAt: Date | null; returnTokenHash: Uint8Array | null }>(
        `SELECT draft_id AS "draftId", saved_at AS "savedAt", return_token_hash AS "returnTokenHash" FROM form_sessions`,
      );
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((row) => row.draftId)).size).toBe(3);
      for (const row of rows) {
        expect(row.draftId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(row).toMatchObject({ savedAt: null, returnTokenHash: null });
      }
    });
  });
});

describe.each(testEngines())('saved drafts on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  const draftJobs = async () =>
    (await listJobs(test.db, { kind: 'send-draft-link' })).map((job) => job.payload).reverse();

  /** A session written at `at` and saved then; returns its draft id. */
  async function savedSession(n: number, at: Date): Promise<string> {
    await insertFormSession(test.db, hash(n), values, at);
    const saved = await saveDraft(test.db, hash(n), draft, at);
    if (saved === undefined) throw new Error('not saved');
    return saved.draftId;
  }

  it('keeps a saved session open for 28 days after its last save, a session never saved for 24 hours', async () => {
    await insertFormSession(test.db, hash(1), values, hoursBefore(25));
    await savedSession(2, daysBefore(27));
    await savedSession(3, daysBefore(29));
    expect(await readFormSession(test.db, hash(1), since(now))).toBeUndefined();
    expect(await readFormSession(test.db, hash(2), since(now))).toMatchObject({
      ...values,
      idHash: hash(2),
      savedAt: daysBefore(27),
      savedUntil: new Date(daysBefore(27).getTime() + 28 * 24 * 60 * 60_000).toISOString(),
    });
    expect(await readFormSession(test.db, hash(3), since(now))).toBeUndefined();
    // Never saved, and written within the 24 hours.
    await insertFormSession(test.db, hash(4), values, hoursBefore(23));
    expect(await readFormSession(test.db, hash(4), since(now))).toMatchObject({ savedAt: null });
  });

  it('keeps a draft saved through later writes and a renewal of its id, under the same draft id', async () => {
    const draftId = await savedSession(1, daysBefore(3));
    await updateFormSession(test.db, hash(1), { ...values, formState: '{"b":2}' }, daysBefore(2), hash(2));
    const read = await readFormSession(test.db, hash(2), since(daysBefore(2)), false);
    expect(read).toMatchObject({ formState: '{"b":2}', savedAt: daysBefore(3) });
    // Past the 24 hours of its last write, the draft still opens; saved again, under the same id.
    expect(await readFormSession(test.db, hash(2), since(now))).toMatchObject({ formState: '{"b":2}' });
    expect(await saveDraft(test.db, hash(2), draft, now)).toEqual({ draftId });
    expect(await readFormSession(test.db, hash(2), since(now))).toMatchObject({ savedAt: now });
  });

  it('saves only a session that is not over, by its current id', async () => {
    await insertFormSession(test.db, hash(1), values, hoursBefore(25));
    expect(await saveDraft(test.db, hash(1), draft, now)).toBeUndefined();
    expect(await saveDraft(test.db, hash(9), draft, now)).toBeUndefined();
    await insertFormSession(test.db, hash(2), values, hoursBefore(1));
    await updateFormSession(test.db, hash(2), values, hoursBefore(1), hash(3));
    // The id it had before the renewal is not its current id.
    expect(await saveDraft(test.db, hash(2), draft, now)).toBeUndefined();
    expect(await saveDraft(test.db, hash(3), draft, now)).toBeDefined();
    expect(await draftJobs()).toHaveLength(1);
  });

  it('enqueues one email of the link for saves within a minute, and one for a save later', async () => {
    await insertFormSession(test.db, hash(1), values, now);
    const first = await saveDraft(test.db, hash(1), draft, now);
    const again = await saveDraft(test.db, hash(1), draft, new Date(now.getTime() + 20_000));
    expect(again).toEqual(first);
    expect(await draftJobs()).toEqual([{ draftId: first?.draftId }]);
    await saveDraft(test.db, hash(1), draft, new Date(now.getTime() + 5 * 60_000));
    expect(await draftJobs()).toEqual([{ draftId: first?.draftId }, { draftId: first?.draftId }]);
  });

  it('refuses a saved page over 200 bytes and a language the service does not have', async () => {
    await insertFormSession(test.db, hash(1), values, now);
    await expect(saveDraft(test.db, hash(1), { ...draft, path: `/${'a'.repeat(200)}` }, now)).rejects.toThrow();
    await expect(saveDraft(test.db, hash(1), { path: '/', language: 'fr' as 'en' }, now)).rejects.toThrow();
    expect(await draftJobs()).toEqual([]);
  });

  it('deletes idle sessions at once and saved drafts 28 days after their last save', async () => {
    await insertFormSession(test.db, hash(1), values, hoursBefore(25));
    await insertFormSession(test.db, hash(2), values, hoursBefore(23));
    await savedSession(3, daysBefore(27));
    await savedSession(4, daysBefore(29));
    // Saved 29 days ago and written since: its draft has ended, and its 24 hours with it.
    await savedSession(5, daysBefore(29));
    await updateFormSession(test.db, hash(5), values, hoursBefore(25));
    expect(await deleteIdleFormSessions(test.db, hoursBefore(24), daysBefore(28))).toBe(3);
    const left = await test.db.query<{ idHash: Uint8Array }>('SELECT id_hash AS "idHash" FROM form_sessions');
    expect(left.rows.map((row) => Buffer.from(row.idHash)).sort(Buffer.compare)).toEqual([hash(2), hash(3)]);
    // Without the drafts' bound, a saved draft idle for 24 hours goes as any idle session.
    expect(await deleteIdleFormSessions(test.db, hoursBefore(24))).toBe(1);
  });

  it('stores the hash of the link’s token on a saved draft, in place of the one before', async () => {
    const draftId = await savedSession(1, daysBefore(1));
    expect(await issueReturnToken(test.db, draftId, hash(101), now)).toEqual({
      formState: values.formState,
      language: 'cy',
      savedAt: daysBefore(1),
    });
    expect(await findDraftByReturnToken(test.db, hash(101), now)).toBe(true);
    await issueReturnToken(test.db, draftId, hash(102), now);
    expect(await findDraftByReturnToken(test.db, hash(101), now)).toBe(false);
    expect(await findDraftByReturnToken(test.db, hash(102), now)).toBe(true);
    // The link ends with the draft.
    expect(await findDraftByReturnToken(test.db, hash(102), daysAfter(28, daysBefore(1)))).toBe(true);
    expect(await findDraftByReturnToken(test.db, hash(102), daysAfter(28.01, daysBefore(1)))).toBe(false);
  });

  it('gives no link to a draft that is gone, ended or never saved', async () => {
    const ended = await savedSession(1, daysBefore(29));
    expect(await issueReturnToken(test.db, ended, hash(101), now)).toBeUndefined();
    expect(await issueReturnToken(test.db, '00000000-0000-4000-8000-000000000000', hash(102), now)).toBeUndefined();
    await insertFormSession(test.db, hash(2), values, now);
    const { rows } = await test.db.query<{ draftId: string }>(
      'SELECT draft_id AS "draftId" FROM form_sessions WHERE id_hash = $1',
      [hash(2)],
    );
    expect(await issueReturnToken(test.db, rows[0]!.draftId, hash(103), now)).toBeUndefined();
    for (const n of [101, 102, 103]) expect(await findDraftByReturnToken(test.db, hash(n), now)).toBe(false);
  });

  it('opens a draft with its link once, under a new session id, and enqueues a new link', async () => {
    const draftId = await savedSession(1, daysBefore(2));
    await updateFormSession(
      test.db,
      hash(1),
      { ...values, statusToken: 'status-token', notice: 'Ann', statusOpenedAt: daysBefore(2) },
      daysBefore(2),
      hash(2),
    );
    await issueReturnToken(test.db, draftId, hash(101), daysBefore(2));
    expect(await findDraftByReturnToken(test.db, hash(101), now)).toBe(true);
    expect(await draftJobs()).toHaveLength(1);

    expect(await takeDraftByReturnToken(test.db, hash(101), hash(50), now)).toEqual({
      formState: values.formState,
      savedPath: draft.path,
    });
    // The new device's id opens it, with the answers only; the ids of the browser it was saved in do not.
    expect(await readFormSession(test.db, hash(50), since(now))).toEqual({
      ...values,
      idHash: hash(50),
      version: expect.stringMatching(/^\d+$/),
      savedAt: daysBefore(2),
      savedUntil: new Date(daysBefore(2).getTime() + 28 * 24 * 60 * 60_000).toISOString(),
      updatedAt: now,
    });
    for (const old of [hash(1), hash(2)]) expect(await readFormSession(test.db, old, since(now))).toBeUndefined();
    // Used up: it opens nothing the second time, and a new link is on its way.
    expect(await findDraftByReturnToken(test.db, hash(101), now)).toBe(false);
    expect(await takeDraftByReturnToken(test.db, hash(101), hash(51), now)).toBeUndefined();
    expect(await draftJobs()).toEqual([{ draftId }, { draftId }]);
  });

  it('opens nothing with an unknown token or once the draft has ended', async () => {
    const draftId = await savedSession(1, daysBefore(27));
    await issueReturnToken(test.db, draftId, hash(101), now);
    expect(await takeDraftByReturnToken(test.db, hash(102), hash(50), now)).toBeUndefined();
    expect(await takeDraftByReturnToken(test.db, hash(101), hash(50), daysAfter(1.5))).toBeUndefined();
    expect(await readFormSession(test.db, hash(1), since(now))).toBeDefined();
    expect(await draftJobs()).toHaveLength(1);
  });

  it('opens a draft for one of two requests with the same link at once', async () => {
    const draftId = await savedSession(1, daysBefore(1));
    await issueReturnToken(test.db, draftId, hash(101), now);
    const other = await test.openAnother();
    const taken = await Promise.all([
      takeDraftByReturnToken(test.db, hash(101), hash(50), now),
      takeDraftByReturnToken(other, hash(101), hash(51), now),
    ]);
    expect(taken.filter((result) => result !== undefined)).toHaveLength(1);
    const winner = taken[0] === undefined ? hash(51) : hash(50);
    const loser = taken[0] === undefined ? hash(50) : hash(51);
    expect(await readFormSession(test.db, winner, since(now))).toBeDefined();
    expect(await readFormSession(test.db, loser, since(now))).toBeUndefined();
    expect(await draftJobs()).toHaveLength(2);
  });
});

describe.each(testEngines())('a session written at the version read, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('is written when no other write came since, and not otherwise', async () => {
    await insertFormSession(test.db, hash(1), values, now);
    const read = await readFormSession(test.db, hash(1), since(now));
    expect(read?.version).toMatch(/^\d+$/);
    // Another request of the browser writes first: the write made on the old version is refused.
    expect(await updateFormSession(test.db, hash(1), { ...values, formState: '{"b":2}' }, now)).toBe(true);
    expect(
      await updateFormSession(test.db, hash(1), { ...values, formState: '{"c":3}' }, now, undefined, read!.version),
    ).toBe(false);
    const again = await readFormSession(test.db, hash(1), since(now));
    expect(again?.formState).toBe('{"b":2}');
    expect(
      await updateFormSession(test.db, hash(1), { ...values, formState: '{"c":3}' }, now, undefined, again!.version),
    ).toBe(true);
    expect((await readFormSession(test.db, hash(1), since(now)))?.formState).toBe('{"c":3}');
  });
});

describe.each(testEngines())('a session written at the version read, or read, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const write = (formState: string, version: string, renewedIdHash?: Buffer) => ({
    idHash: hash(1),
    values: { ...values, formState },
    now,
    renewedIdHash,
    version,
  });

  it('writes when no other write came since, and otherwise reads what the other wrote, in one statement', async () => {
    await insertFormSession(test.db, hash(1), values, hoursBefore(1));
    const read = await readFormSession(test.db, hash(1), since(now));
    expect(await updateFormSessionOrRead(test.db, write('{"b":2}', read!.version), hash(1), since(now))).toBe(
      'written',
    );
    const written = await readFormSession(test.db, hash(1), since(now));
    expect(written).toMatchObject({ formState: '{"b":2}', updatedAt: now });
    // Made on the version before: refused, and the session as the other write left it is read.
    const refused = await updateFormSessionOrRead(test.db, write('{"c":3}', read!.version), hash(1), since(now));
    expect(refused).toEqual({ session: written });
    // Renewed on the version read: the id before still finds it for a minute.
    const later = new Date(now.getTime() + 1000);
    expect(
      await updateFormSessionOrRead(
        test.db,
        { ...write('{"c":3}', written!.version, hash(2)), now: later },
        hash(1),
        since(later),
      ),
    ).toBe('written');
    expect((await readFormSession(test.db, hash(1), since(later)))?.formState).toBe('{"c":3}');
    // A write under way when this one began: this one waits for it, is refused, and reads the
    // row as it was when it began (at the version it was made on: no news of what the other wrote).
    if (engine.name === 'postgres') {
      const before = await readFormSession(test.db, hash(1), since(later));
      const other = await test.openAnother();
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holder = 0;
      const held = new Promise<void>((resolve) => {
        void other.transaction(async (tx) => {
          holder = await backendPid(tx);
          await updateFormSession(tx, hash(2), { ...values, formState: '{"other":1}' }, later);
          resolve();
          await released;
        });
      });
      await held;
      const refusedLater = updateFormSessionOrRead(
        test.db,
        { ...write('{"e":5}', before!.version), idHash: hash(2), now: later },
        hash(1),
        since(later),
      );
      await waitForLockWaiters(other, holder, 1);
      release();
      expect(await refusedLater).toEqual({ session: before });
      expect((await readFormSession(test.db, hash(1), since(later)))?.formState).toBe('{"other":1}');
    }
    // A session that is gone reads as none.
    await test.db.query('DELETE FROM form_sessions');
    expect(await updateFormSessionOrRead(test.db, write('{"d":4}', written!.version), hash(1), since(now))).toEqual({
      session: undefined,
    });
  });
});

describe.each(testEngines())('a session read as a hit is counted, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const hit = { key: 'forms:192.0.2.1', windowMs: 60_000 };

  it('counts the hit and reads what readFormSession reads, in one statement', async () => {
    await insertFormSession(test.db, hash(1), values, now);
    await updateFormSession(test.db, hash(1), { ...values, formState: '{"b":2}' }, now, hash(2));
    for (const [idHash, at] of [
      [hash(2), now],
      // The id before its renewal, within the minute after it.
      [hash(1), new Date(now.getTime() + 30_000)],
      // A session idle for a day is over; an id nobody was given opens nothing.
      [hash(2), hoursBefore(-25)],
      [hash(9), now],
    ] as const) {
      const { session } = await readFormSessionCountingHit(test.db, hit, idHash, since(at), at);
      expect(session).toEqual(await readFormSession(test.db, idHash, since(at)));
    }
    const counted = { ...hit, key: 'forms:192.0.2.3' };
    await readFormSessionCountingHit(test.db, counted, hash(9), since(now), now);
    const { count, session } = await readFormSessionCountingHit(test.db, counted, hash(2), since(now), now);
    expect(session?.formState).toBe('{"b":2}');
    expect(count.hits).toBe(2);
    expect(count.windowEndsAt).toEqual(new Date(now.getTime() + 60_000));
    // Another address's budget is its own.
    const other = await readFormSessionCountingHit(
      test.db,
      { ...hit, key: 'forms:192.0.2.2' },
      hash(2),
      since(now),
      now,
    );
    expect(other.count.hits).toBe(1);
  });
});
