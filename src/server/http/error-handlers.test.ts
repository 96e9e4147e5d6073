import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/child-process.ts';
import { DATABASE_RETRY_AFTER_SECONDS, registerErrorHandler } from './error-handlers.ts';
import { HttpError } from './http-error.ts';

/** A PostgreSQL server error as pg delivers it, with its SQLSTATE. */
function postgresError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = code.startsWith('57P') ? 'FATAL' : 'ERROR';
  return error;
}

/** The error an operation on PGlite gives. */
async function pgliteError(use: (db: PGlite) => Promise<unknown>, closeFirst = false): Promise<unknown> {
  const db = await PGlite.create();
  try {
    if (closeFirst) await db.close();
    await use(db);
  } catch (error) {
    return error;
  } finally {
    if (!db.closed) await db.close();
  }
  throw new Error('PGlite did not fail');
}

/** The error pg gives for a server nothing listens on. */
async function refusedConnection(): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), connectionTimeoutMillis: 2_000 });
  return client.connect().then(
    () => new Error('connected'),
    (error: unknown) => error,
  );
}

// Real errors of the drivers, made once.
const errors = new Map<string, unknown>();
// What each request throws, by name.
const thrown = new Map<string, unknown>();
let app: FastifyInstance;

beforeAll(async () => {
  errors.set('refused', await refusedConnection());
  errors.set('pglite-closed', await pgliteError((db) => db.query('SELECT 1'), true));
  errors.set(
    'pglite-read-only',
    await pgliteError(async (db) => {
      await db.exec('SET default_transaction_read_only = on');
      await db.query('CREATE TABLE t (a int)');
    }),
  );
  errors.set('pglite-syntax', await pgliteError((db) => db.query('SELEC 1')));

  app = Fastify({ logger: false });
  registerErrorHandler(app);
  // Throws the error the test stored under the name in the body.
  app.post('/throw', async (request) => {
    throw thrown.get((request.body as { name: string }).name);
  });
}, 60_000);

afterAll(async () => {
  await app.close();
});

async function answerTo(error: unknown) {
  const name = `case-${thrown.size}`;
  thrown.set(name, error);
  return app.inject({ method: 'POST', url: '/throw', payload: { name } });
}

describe('errors from a database that is away', () => {
  const unavailable: Array<[string, () => unknown]> = [
    ['a refused connection (ECONNREFUSED)', () => errors.get('refused')],
    ['a reset connection (ECONNRESET)', () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ["pg's Connection terminated unexpectedly", () => new Error('Connection terminated unexpectedly')],
    ["pg-pool's connection timeout", () => new Error('timeout exceeded when trying to connect')],
    ['a connection failure (08006)', () => postgresError('08006', 'connection failure')],
    [
      'a server shutting down (57P01)',
      () => postgresError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', () => postgresError('57P03', 'the database system is starting up')],
    ['a full disk (53100)', () => postgresError('53100', 'could not extend file: No space left on device')],
    ['too many connections (53300)', () => postgresError('53300', 'sorry, too many clients already')],
    ['a statement timeout (57014)', () => postgresError('57014', 'canceling statement due to statement timeout')],
    ['an I/O error (58030)', () => postgresError('58030', 'could not write to file')],
    ['a read-only database (25006)', () => postgresError('25006', 'cannot execute INSERT in a read-only transaction')],
    ['a closed PGlite', () => errors.get('pglite-closed')],
    ['a read-only PGlite (25006)', () => errors.get('pglite-read-only')],
    ['an error caused by a refused connection', () => new Error('Could not store', { cause: errors.get('refused') })],
  ];

  it.each(unavailable)('answers 503 ServiceUnavailable with Retry-After for %s', async (_name, make) => {
    const response = await answerTo(make());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({ error: 'ServiceUnavailable', message: expect.stringMatching(/try again/) });
  });
});

describe('other errors', () => {
  const internal: Array<[string, () => unknown]> = [
    ['a plain error', () => new Error('Something broke')],
    ['a unique violation (23505)', () => postgresError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error from PGlite (42601)', () => errors.get('pglite-syntax')],
    ['a file system error that is not the database', () => Object.assign(new Error('EACCES'), { code: 'EACCES' })],
  ];

  it.each(internal)('answers 500 without Retry-After for %s', async (_name, make) => {
    const response = await answerTo(make());
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({
      error: 'InternalServerError',
      message: 'Sorry, there is a problem with the service',
    });
  });

  it('keeps the status and message of a client error', async () => {
    const response = await answerTo(new HttpError(409, 'Conflict', 'Used before'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Conflict', message: 'Used before' });
  });
});
