import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../config.ts';
import { isProcessRunning } from '../process-alive.ts';

export interface QueryResult<Row> {
  readonly rows: Row[];
  /** Rows returned by a SELECT, or rows changed by INSERT/UPDATE/DELETE. */
  readonly rowCount: number;
}

/** What repositories need: parameterised statements, and scripts for migrations. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs several statements separated by semicolons, without parameters (migrations only). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs fn inside BEGIN/COMMIT on one connection, rolling back when it throws. Inside fn use
   * only `tx`: on PGlite the database itself waits for the transaction to end, so it would hang.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The PostgreSQL pool's connections, for the metrics; absent for PGlite (one connection, no pool). */
  readonly poolStats?: () => { readonly total: number; readonly idle: number; readonly waiting: number };
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      readonly engine: 'pglite';
      /** Folder of the database files; undefined keeps the database in memory (tests). */
      readonly dataDir?: string | undefined;
      /**
       * A dump (from `dumpPglite`) to start from instead of running initdb, which takes seconds;
       * tests open a fresh database per test this way.
       */
      readonly initialData?: Blob | undefined;
    }
  | {
      readonly engine: 'postgres';
      readonly connectionString: string;
      /** Runs everything in this schema (search_path); tests use a fresh one per run. */
      readonly schema?: string | undefined;
      readonly maxConnections?: number | undefined;
      /** Errors of idle pooled connections (the server restarting, say): the pool drops them. */
      readonly onIdleError?: ((error: Error) => void) | undefined;
    };

// Both engines speak PostgreSQL but their drivers turn some types into different JavaScript
// values. Repositories must not care which engine runs, so both get the same parsers:
// - int8 (bigint, count(*)): a number; a value past 2^53 throws rather than silently rounding.
// - date: the 'YYYY-MM-DD' text. A calendar day has no time zone; pg would make it local midnight.
// - timestamp without time zone: read as UTC, whatever the server's time zone (prefer timestamptz).
// numeric stays a string on both (exact), timestamptz a Date, json/jsonb parsed, bytea a Uint8Array.
const OID_INT8 = 20;
const OID_DATE = 1082;
const OID_TIMESTAMP = 1114;

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError('A bigint value is too large for a JavaScript number');
  return value;
}

const parseDate = (text: string): string => text;
const parseTimestamp = (text: string): Date => new Date(`${text.replace(' ', 'T')}Z`);

const sharedParsers: Record<number, (text: string) => unknown> = {
  [OID_INT8]: parseInt8,
  [OID_DATE]: parseDate,
  [OID_TIMESTAMP]: parseTimestamp,
};

/**
 * The contrib extensions the migrations create, which PGlite must load when it opens a database
 * (pg_trgm: the search's trigram index, migration 022).
 */
export const pgliteExtensions = { pg_trgm };

const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens the embedded PGlite database or a pool to a PostgreSQL server behind one interface. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.engine === 'pglite' ? openPglite(options.dataDir, options.initialData) : openPostgres(options);
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite's files in DATA_DIR/pglite. */
export function databaseOptionsFromConfig(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onIdleError?: (error: Error) => void,
): DatabaseOptions {
  return config.databaseUrl === undefined
    ? { engine: 'pglite', dataDir: join(config.dataDir, 'pglite') }
    : { engine: 'postgres', connectionString: config.databaseUrl, onIdleError };
}

/** An initialised, empty in-memory PGlite database as a dump, for `initialData`. */
export async function dumpEmptyPglite(): Promise<Blob> {
  const db = await PGlite.create();
  try {
    return await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
}

/** Thrown when another process (or another open in this one) has the embedded database's files. */
export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to a PostgreSQL server to run several processes.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * PGlite is one PostgreSQL in one process: two processes writing the same files would corrupt
 * them. A lock file beside the folder holds the owner's pid; one left by a process that died (a
 * SIGKILL, a power cut) is taken over. Returns the release.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = `${dataDir}.lock`;
  for (;;) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (Number.isSafeInteger(owner) && owner > 0 && isProcessRunning(owner))
      throw new DatabaseInUseError(dataDir, owner);
    await rm(lockFile, { force: true });
  }
}

async function openPglite(dataDir: string | undefined, initialData: Blob | undefined): Promise<Database> {
  let unlock = async () => {};
  if (dataDir !== undefined) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  let db: PGlite;
  try {
    db = await PGlite.create({
      dataDir,
      parsers: sharedParsers,
      loadDataDir: initialData,
      extensions: pgliteExtensions,
    });
  } catch (error) {
    await unlock();
    throw error;
  }

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      const rowCount = result.command === 'SELECT' ? result.rows.length : (result.affectedRows ?? result.rows.length);
      return { rows: result.rows, rowCount };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });

  return {
    engine: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: async () => {
      if (db.closed) return;
      await db.close();
      await unlock();
    },
  };
}

// Each statement is prepared once per connection, under a name of its text, and executed after:
// PostgreSQL parses and plans it once, not at every request (an answer of the journey costs two
// statements, decisions 047 and 055; prepared, about half again as many answers a second). The texts are
// the repositories' own, so they are few. A connection pooler between the service and
// PostgreSQL must keep a connection's prepared statements (PgBouncer 1.21 or later, or its
// session mode).
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s${createHash('sha256').update(sql).digest('base64url').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

async function openPostgres(options: Extract<DatabaseOptions, { engine: 'postgres' }>): Promise<Database> {
  if (options.schema !== undefined && !schemaNamePattern.test(options.schema)) {
    throw new Error('The schema name must be lower-case letters, digits and underscores');
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    // Without these a dead server makes requests (and the readiness check) hang forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        sharedParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's error is emitted on the pool; unhandled, it would crash the process.
  pool.on('error', (error) => options.onIdleError?.(error));

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query({ name: statementName(sql), text: sql, values: [...params] });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await target.query(sql);
    },
  });

  let closed: Promise<void> | undefined;
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      // The pool listens for errors only on idle clients. A checked-out client whose connection
      // dies (the server restarting, the network cut) emits 'error', which unheard would crash
      // the process; heard, the query in hand fails and the client is discarded on release.
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          // A dead connection cannot roll back; its transaction ended with it.
          if (broken !== undefined) throw broken;
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection is unusable: tell the pool to discard it rather than reuse it.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        // Released, the client is the pool's again, and the pool's own listener takes over.
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => (closed ??= pool.end()),
  };
}
