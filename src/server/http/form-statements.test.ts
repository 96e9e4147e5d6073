// The database round trips of a form, counted statement by statement on each engine (decisions
// 047 and 055): a question page posted with errors without JavaScript, and an answer posted from
// the app. A statement is one round trip; a transaction's BEGIN and COMMIT are one each.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSavedFormState, serialiseFormState } from '#shared/journey/form-state.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { formBrowser, type FormBrowser } from './test-support/form-browser.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

const EMPTY_NAMES = { 'family-name': '', 'given-name': '' };

describe.each(testEngines())('the statements of a form, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  /** The statements sent since the count was last cleared (the first words of each). */
  let statements: string[];
  /** Runs once, before the statement it is waiting for (the nth from the count's clearing). */
  let before: { readonly at: number; readonly run: () => Promise<void> } | undefined;

  /** `db`, counting what is sent through it. */
  const counted = (db: Database): Database => {
    const count = async (sql: string) => {
      statements.push(sql.replace(/\s+/g, ' ').trim().slice(0, 40));
      const waiting = before;
      if (waiting !== undefined && statements.length === waiting.at) {
        before = undefined;
        await waiting.run();
      }
    };
    const wrap = (target: Queryable): Queryable => ({
      query: async (sql, params) => {
        await count(sql);
        return target.query(sql, params);
      },
      exec: async (sql) => {
        await count(sql);
        return target.exec(sql);
      },
    });
    return {
      ...db,
      ...wrap(db),
      transaction: async (fn) => {
        await count('BEGIN');
        try {
          return await db.transaction((tx) => fn(wrap(tx)));
        } finally {
          statements.push('COMMIT');
        }
      },
    };
  };

  beforeEach(async () => {
    clock = new Date('2026-11-24T10:00:00Z');
    statements = [];
    before = undefined;
    app = Fastify();
    await app.close();
    const config = { ...loadConfig({ NODE_ENV: 'test' }), webRoot: build.webRoot };
    app = await buildApp(config, { database: counted(database.db), now: () => clock });
  });
  afterEach(() => app.close());

  /** A browser without JavaScript at the passenger's name, the sponsor's questions answered. */
  async function atPassengerName(): Promise<FormBrowser> {
    const user = formBrowser(() => app, { formToken: 'f'.repeat(43) });
    await user.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' });
    await user.post('/sponsor-details', { 'sponsor-name': 'Example', 'sponsor-reference': 'TNBHDW2R7' });
    await user.post('/what-would-you-like-to-do', { 'what-would-you-like-to-do': 'single-application' });
    return user;
  }
  const keptState = async () => {
    const { rows } = await database.db.query<{ form_state: string }>('SELECT form_state FROM form_sessions');
    return parseSavedFormState(rows[0]!.form_state);
  };
  const posted = async (user: FormBrowser, fields: Record<string, string>, headers?: Record<string, string>) => {
    statements = [];
    const response = await user.post('/passenger-name', fields, headers);
    return { response, statements: [...statements] };
  };

  it('posts a question page with errors in two: the budget with the read, the errors written at its version', async () => {
    const user = await atPassengerName();
    const { response, statements: sent } = await posted(user, EMPTY_NAMES);
    expect(response.statusCode).toBe(422);
    expect(parseSavedFormState(renderedFrom(response.body).session!.formState).errors.passengerName).toEqual({
      'family-name': 'required',
      'given-name': 'required',
    });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^WITH hit AS/);
    expect(sent[1]).toMatch(/^(WITH|UPDATE)/);
    // Kept: a refresh or Back shows them.
    expect((await keptState()).errors.passengerName).toEqual({ 'family-name': 'required', 'given-name': 'required' });
  });

  it('posts the same errors again in one statement: nothing changes, so nothing is written', async () => {
    const user = await atPassengerName();
    await posted(user, EMPTY_NAMES);
    const { rows: before } = await database.db.query('SELECT xmin::text AS version FROM form_sessions');
    clock = new Date(clock.getTime() + 30_000);
    const again = await posted(user, EMPTY_NAMES);
    expect(again.response.statusCode).toBe(422);
    expect(parseSavedFormState(renderedFrom(again.response.body).session!.formState).errors.passengerName).toEqual({
      'family-name': 'required',
      'given-name': 'required',
    });
    expect(again.statements).toHaveLength(1);
    const { rows: after } = await database.db.query('SELECT xmin::text AS version FROM form_sessions');
    expect(after).toEqual(before);
    // Over a minute after the last write it is written, so the session's idle time counts from it.
    clock = new Date(clock.getTime() + 61_000);
    expect((await posted(user, EMPTY_NAMES)).statements).toHaveLength(2);
  });

  it('posts errors over another tab’s write in three: the failed write reads what the other wrote', async () => {
    const user = await atPassengerName();
    // Another tab changes the sponsor's email between this post's read and its write.
    const state = await keptState();
    const changed = serialiseFormState({
      ...state,
      current: { ...state.current, sponsorContact: { 'sponsor-email': 'other@example.org' } },
    });
    before = {
      at: 2,
      run: async () => {
        await database.db.query('UPDATE form_sessions SET form_state = $1', [changed]);
      },
    };
    const { response, statements: sent } = await posted(user, EMPTY_NAMES);
    expect(response.statusCode).toBe(422);
    expect(sent).toHaveLength(3);
    // Both kept: the other tab's answer, and this post's errors made on it.
    const kept = await keptState();
    expect(kept.current.sponsorContact).toEqual({ 'sponsor-email': 'other@example.org' });
    expect(kept.errors.passengerName).toEqual({ 'family-name': 'required', 'given-name': 'required' });
  });

  it('answers from the app in two: the budget with the read, the answer written at its version', async () => {
    const user = await atPassengerName();
    const { response, statements: sent } = await posted(
      user,
      { 'family-name': 'Ní Bhraonáin', 'given-name': 'Eithne' },
      { accept: 'application/json' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ location: string }>().location).toBe('/passenger-date-of-birth');
    expect(sent).toHaveLength(2);
    expect((await keptState()).current.passengerName).toMatchObject({
      'family-name': 'Ní Bhraonáin',
      'given-name': 'Eithne',
    });
  });
});
