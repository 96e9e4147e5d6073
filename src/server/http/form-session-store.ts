// The browser's session on the server (decisions 024, 026 and 040): the journey in progress and the
// status link opened, kept in the database under a random id in an HttpOnly cookie.
// A session is started only by a change that keeps something (a form's answer, a verified status
// link), never for reading a page, an anonymous one within a budget of new sessions per address (a
// verified status link's is not anonymous: decision 043, its caller spends the status budget); its id is always
// one the server issued, and is renewed when asked (a status link kept, the statuses opened, a
// send). Two requests of one browser never overwrite each other unseen: a change is written only at
// the version it was made on, else made again under the row's lock, on what the other wrote.
import { randomToken } from '../tokens/random-tokens.ts';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_SESSION_COOKIE, FORM_SESSION_IDLE_MS } from '#shared/pages/form-session.ts';
import { NO_SESSION } from '#shared/pages/page-data.ts';
import { SAVED_DRAFT_DAYS } from '#shared/pages/saved-drafts.ts';
import type { Database } from '../db/database.ts';
import {
  endFormSession,
  insertFormSession,
  saveDraft,
  takeDraftByReturnToken,
  readFormSession,
  readFormSessionCountingHit,
  updateFormSession,
  updateFormSessionOrRead,
  type DraftSave,
  type FormSessionValues,
  type SessionsSince,
  type StoredFormSession,
  type TakenDraft,
} from '../db/form-session-repository.ts';
import type { Cookies } from '../platform/cookies.ts';
import type { Budget, Spent } from '../services/limits.ts';
import { budgetKey, spentOf, type RateLimits } from '../platform/rate-limits.ts';

export type { FormSessionValues };

/** What a browser without a session keeps. */
const NO_VALUES: FormSessionValues = { ...NO_SESSION, statusOpenedAt: null };

/** How long the id a session had before its renewal still opens it: a request sent just before. */
const RENEWED_ID_GRACE_MS = 60_000;
const HOUR_MS = 60 * 60_000;
/**
 * How long a change that changes nothing may go unwritten: a session's idle time counts from its
 * last write, which is then at most this much before the last request that changed it.
 */
const UNCHANGED_WRITE_MS = 60_000;
/** The writes at a version read that a change tries before it is made under the row's lock. */
const OPTIMISTIC_WRITES = 3;

/** True when two sessions' values (what a write writes) are the same. */
const sameValues = (a: FormSessionValues, b: FormSessionValues) =>
  a.formState === b.formState &&
  a.statusToken === b.statusToken &&
  a.notice === b.notice &&
  a.statusOpenedAt?.getTime() === b.statusOpenedAt?.getTime();

/** Which sessions a read at `now` finds: not idle, renewed within the grace, or saved drafts still kept. */
export function sessionsSince(now: Date): SessionsSince {
  const at = now.getTime();
  return {
    active: new Date(at - FORM_SESSION_IDLE_MS),
    renewed: new Date(at - RENEWED_ID_GRACE_MS),
    // A draft saved with "Save and come back later" is kept for days after its last save.
    saved: new Date(at - SAVED_DRAFT_DAYS * 24 * HOUR_MS),
  };
}

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** What a session's id is stored as: its SHA-256, so that the table holds no id a browser could present. */
export const sessionIdHash = (id: string) => createHash('sha256').update(id).digest();

/** Too many sessions started from the request's address within the hour: nothing was kept. */
export class SessionLimitError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many new sessions from this address');
    this.name = 'SessionLimitError';
  }
}

/** What a session would keep is over its size limit: nothing was kept. */
export class SessionTooLargeError extends Error {
  constructor() {
    super('The session would be over its size limit');
    this.name = 'SessionTooLargeError';
  }
}

export interface FormSessions {
  /**
   * Spends one of `budget` for the request's address (as RateLimits' take), reading the browser's
   * session in the same statement: the request's first read or change of it starts from what was
   * read, and a change made on it is written only if it is still what the session keeps.
   */
  spend(request: FastifyRequest, budget: Budget): Promise<Spent>;
  /** What the browser's session keeps (nothing when it has none, or an idle one). */
  read(request: FastifyRequest): Promise<FormSessionValues>;
  /**
   * Changes what the browser's session keeps to what `change` makes of it (undefined: keep it as
   * it is), starting a session if it has none, and renewing its id with `renew`. Another request
   * of the browser changing it waits for this one, and `change` gets what this one kept. Resolves
   * to what is kept. Throws SessionLimitError or SessionTooLargeError. A session started for a
   * status link whose token verified (`verifiedStatusLink`) is not one of the anonymous sessions an
   * address may start in an hour: the caller has spent the address's status budget for it.
   */
  update(
    request: FastifyRequest,
    reply: FastifyReply,
    change: (kept: FormSessionValues) => FormSessionValues | undefined,
    options?: { readonly renew?: boolean; readonly verifiedStatusLink?: boolean },
  ): Promise<FormSessionValues>;
  /**
   * Ends the browser's session: deleted, and its cookie forgotten. A session saved to come back
   * later stays for its link, but no id this browser holds opens it any more.
   */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Saves the browser's session to come back to (the page it was saved on, its language); false when it has none. */
  save(request: FastifyRequest, draft: DraftSave): Promise<boolean>;
  /**
   * Opens in this browser, under a new id, the saved draft whose link's token hashes to
   * `tokenHash` (the browser's own session, if another, is left as it is): what it holds, or
   * undefined when no draft is opened by it.
   */
  take(request: FastifyRequest, reply: FastifyReply, tokenHash: Buffer): Promise<TakenDraft | undefined>;
}

export interface FormSessionsOptions {
  readonly database: Database;
  readonly now: () => Date;
  readonly cookies: Cookies;
  /** The budgets: a new anonymous session (started by a first answer) spends `sessions`. */
  readonly limits: RateLimits;
  /** The largest form state (bytes of its JSON) a session keeps. */
  readonly maxBytes?: number;
}

export function createFormSessions(options: FormSessionsOptions): FormSessions {
  const { database, now, cookies } = options;
  const maxBytes = options.maxBytes ?? 64 * 1024;
  // The id a request was given in its reply (started or renewed), which its later reads use.
  const issued = new WeakMap<FastifyRequest, string>();

  const idOf = (request: FastifyRequest): string | undefined => {
    const id = issued.get(request) ?? cookies.read(request, FORM_SESSION_COOKIE);
    return id !== undefined && ID_PATTERN.test(id) ? id : undefined;
  };
  const since = () => sessionsSince(now());
  const give = (request: FastifyRequest, reply: FastifyReply, id: string) => {
    issued.set(request, id);
    cookies.set(request, reply, FORM_SESSION_COOKIE, id);
  };
  const values = ({
    formState,
    statusToken,
    notice,
    statusOpenedAt,
    savedUntil,
  }: StoredFormSession): FormSessionValues => ({
    formState,
    statusToken,
    notice,
    statusOpenedAt,
    savedUntil,
  });
  /** True when the session was written (or saved) in the last minute, as its idle time counts. */
  const isRecent = (session: StoredFormSession) =>
    Math.max(session.updatedAt.getTime(), session.savedAt?.getTime() ?? 0) >= now().getTime() - UNCHANGED_WRITE_MS;
  const checkSize = (next: FormSessionValues) => {
    if (Buffer.byteLength(next.formState ?? '') > maxBytes) throw new SessionTooLargeError();
  };

  // What a request kept, which its later reads (the next page's data, answered with the form) take
  // as they are, rather than reading again what it has just written.
  const written = new WeakMap<FastifyRequest, FormSessionValues>();
  // The session as read with the request's budget (null: none), which its reads take until its
  // first change, which is made on it.
  const readFirst = new WeakMap<FastifyRequest, StoredFormSession | null>();
  const readStored = async (request: FastifyRequest, id: string | undefined) => {
    const first = readFirst.get(request);
    if (first !== undefined) return first ?? undefined;
    return id === undefined ? undefined : readFormSession(database, sessionIdHash(id), since());
  };

  /**
   * A new session under a new id (an id the server did not issue, or one that is over, is never
   * taken up), if the address may start one more this hour (a verified status link's: always).
   */
  const start = async (request: FastifyRequest, next: FormSessionValues, verifiedStatusLink: boolean) => {
    checkSize(next);
    if (!verifiedStatusLink) {
      const spent = await options.limits.take(request.ip, 'sessions');
      if (!spent.allowed) throw new SessionLimitError(spent.retryAfterSeconds);
    }
    const id = randomToken();
    await insertFormSession(database, sessionIdHash(id), next, now());
    return id;
  };

  return {
    async spend(request, budget) {
      const id = idOf(request);
      if (id === undefined) return options.limits.take(request.ip, budget);
      const at = now();
      const { max, windowMs } = options.limits.table[budget];
      const hit = { key: budgetKey(budget, request.ip), windowMs };
      const { count, session } = await readFormSessionCountingHit(database, hit, sessionIdHash(id), since(), at);
      readFirst.set(request, session ?? null);
      return spentOf(count, max, at);
    },

    async read(request) {
      const kept = written.get(request);
      if (kept !== undefined) return kept;
      const session = await readStored(request, idOf(request));
      return session === undefined ? NO_VALUES : values(session);
    },

    async update(request, reply, change, { renew = false, verifiedStatusLink = false } = {}) {
      const id = idOf(request);
      const renewed = renew ? randomToken() : undefined;
      const renewedHash = renewed === undefined ? undefined : sessionIdHash(renewed);
      // Made on the session as read, and written only if no other request of the browser (two
      // tabs, two Sends) wrote it since; when one did, the write read what it wrote in the same
      // statement, and the change is made again on that (decision 055); after a few tries, or when
      // the other write was still under way, under the row's lock, where they take turns, each
      // changing what the one before it wrote. A browser without a session, or whose session is
      // over, starts a new one.
      let found = await readStored(request, id);
      readFirst.delete(request);
      let kept: FormSessionValues | undefined;
      let given: string | undefined;
      for (let attempt = 0; kept === undefined && attempt < OPTIMISTIC_WRITES; attempt += 1) {
        const current = found === undefined ? NO_VALUES : values(found);
        const next = change(current);
        if (next === undefined) return current;
        // Nothing to change (the same errors posted again): nothing written, unless the idle time
        // would then count from more than a minute before this request.
        if (found !== undefined && renewed === undefined && sameValues(current, next) && isRecent(found)) {
          written.set(request, current);
          return current;
        }
        checkSize(next);
        if (found === undefined) {
          given = await start(request, next, verifiedStatusLink);
          kept = next;
          break;
        }
        const write = { idHash: found.idHash, values: next, now: now(), renewedIdHash: renewedHash };
        const outcome = await updateFormSessionOrRead(
          database,
          { ...write, version: found.version },
          sessionIdHash(id!),
          since(),
        );
        if (outcome === 'written') {
          given = renewed;
          kept = next;
        } else if (outcome.session !== undefined && outcome.session.version === found.version) {
          // The write that came first was under way when this one began: its row is read under the lock.
          break;
        } else found = outcome.session;
      }
      if (kept === undefined) {
        let fresh: FormSessionValues | undefined;
        kept = await database.transaction(async (tx) => {
          const session = await readFormSession(tx, sessionIdHash(id!), since(), true);
          const latest = session === undefined ? NO_VALUES : values(session);
          const changed = change(latest);
          if (changed === undefined) return latest;
          checkSize(changed);
          // Started once the transaction is over: the budget is counted on the database's own
          // connection, which on the embedded database is the one the transaction holds.
          if (session === undefined) return (fresh = changed);
          await updateFormSession(tx, session.idHash, changed, now(), renewedHash);
          given = renewed;
          return changed;
        });
        if (fresh !== undefined) given = await start(request, fresh, verifiedStatusLink);
      }
      if (given !== undefined) give(request, reply, given);
      written.set(request, kept);
      return kept;
    },

    async end(request, reply) {
      written.delete(request);
      readFirst.delete(request);
      const id = idOf(request);
      if (id === undefined) return;
      await endFormSession(database, sessionIdHash(id), sessionIdHash(randomToken()));
      cookies.clear(request, reply, FORM_SESSION_COOKIE);
    },

    async save(request, draft) {
      // Saved: what the request wrote or read no longer says all (when the draft ends).
      written.delete(request);
      readFirst.delete(request);
      const id = idOf(request);
      return id !== undefined && (await saveDraft(database, sessionIdHash(id), draft, now())) !== undefined;
    },

    async take(request, reply, tokenHash) {
      written.delete(request);
      readFirst.delete(request);
      const id = randomToken();
      const taken = await takeDraftByReturnToken(database, tokenHash, sessionIdHash(id), now());
      if (taken !== undefined) give(request, reply, id);
      return taken;
    },
  };
}
