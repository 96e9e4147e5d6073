import type { Language } from '#shared/i18n/languages.ts';
import { FORM_SESSION_IDLE_MS } from '#shared/pages/form-session.ts';
import type { PageSession } from '#shared/pages/page-data.ts';
import { draftExpiry, SAVED_DRAFT_DAYS } from '#shared/pages/saved-drafts.ts';
import type { Database, Queryable } from './database.ts';
import { enqueueJob, jobKinds } from './job-repository.ts';
import { COUNT_HIT, type Hit, type WindowCount } from './rate-limit-repository.ts';

/**
 * What a browser's session keeps on the server: what its pages are rendered from (when a saved
 * draft ends is read, never written: a save sets it), and how long the status pages stay open.
 */
export interface FormSessionValues extends PageSession {
  /** When the status link's submission was opened with its licence number (null: not open). */
  readonly statusOpenedAt: Date | null;
}

/** A session as stored: its values, the hash of its current id, and when it was last saved as a draft. */
export interface StoredFormSession extends FormSessionValues {
  readonly idHash: Buffer;
  /** The row's version as read (PostgreSQL's `xmin`): a write made on it fails when another came first. */
  readonly version: string;
  /** The last save of "Save and come back later" (null: never saved); no write of the values clears it. */
  readonly savedAt: Date | null;
  /** The last write: the session is over when it was written, or saved, too long ago. */
  readonly updatedAt: Date;
}

/**
 * Which sessions a read finds: written since `active`, or saved as a draft since `saved`; by the
 * id it had before a renewal since `renewed`.
 */
export interface SessionsSince {
  readonly active: Date;
  readonly renewed: Date;
  readonly saved: Date;
}

/**
 * The session whose id hashes to `idHash`, written since `since.active` or saved as a draft since
 * `since.saved`: by its current id, or by the id it had before its last renewal if that happened
 * since `since.renewed` (a request of the same browser sent before the renewal reached it). With
 * `lock`, in a transaction, its row is held until the transaction ends: the requests of one
 * browser change it one at a time.
 */
export async function readFormSession(
  db: Queryable,
  idHash: Buffer,
  since: SessionsSince,
  lock = false,
): Promise<StoredFormSession | undefined> {
  const { rows } = await db.query<SessionRow>(
    `${selectSession(1)} ${lock ? 'FOR UPDATE' : ''}`,
    sessionParameters(idHash, since),
  );
  return storedOf(rows[0]);
}

/**
 * Counts `hit` (rate-limit-repository.ts) and reads the session as readFormSession does (without
 * the lock), in one statement: what a form's request does first.
 */
export async function readFormSessionCountingHit(
  db: Queryable,
  hit: Hit,
  idHash: Buffer,
  since: SessionsSince,
  now: Date,
): Promise<{ readonly count: WindowCount; readonly session: StoredFormSession | undefined }> {
  const { rows } = await db.query<WindowCount & Nullable<SessionRow>>(
    `WITH hit AS (${COUNT_HIT.sql})
     SELECT hit.hits, hit."windowEndsAt", session.*
     FROM hit LEFT JOIN LATERAL (${selectSession(COUNT_HIT.parameters(hit, now).length + 1)}) session ON true`,
    [...COUNT_HIT.parameters(hit, now), ...sessionParameters(idHash, since)],
  );
  const { hits, windowEndsAt, ...session } = rows[0]!;
  return {
    count: { hits, windowEndsAt },
    session: session.idHash === null ? undefined : storedOf(session as SessionRow),
  };
}

/** A session's row as read. */
type SessionRow = Omit<StoredFormSession, 'idHash' | 'savedUntil'> & { idHash: Uint8Array };
type Nullable<Row> = { [Column in keyof Row]: Row[Column] | null };

/**
 * The statement reading the session whose id hashes to a parameter, as readFormSession says, its
 * four parameters numbered from `first` (sessionParameters gives them).
 */
const selectSession = (first: number) => {
  const [idHash, active, renewed, saved] = [0, 1, 2, 3].map((offset) => `$${first + offset}`);
  return `SELECT id_hash AS "idHash", form_state AS "formState", status_token AS "statusToken", notice,
            status_opened_at AS "statusOpenedAt", saved_at AS "savedAt", updated_at AS "updatedAt",
            xmin::text AS version
     FROM form_sessions
     WHERE (id_hash = ${idHash} OR (previous_id_hash = ${idHash} AND rotated_at >= ${renewed}))
       AND (updated_at >= ${active} OR saved_at >= ${saved})`;
};
const sessionParameters = (idHash: Buffer, since: SessionsSince) => [idHash, since.active, since.renewed, since.saved];

const storedOf = (row: SessionRow | undefined): StoredFormSession | undefined => {
  if (row === undefined) return undefined;
  const savedUntil = row.savedAt === null ? null : draftExpiry(row.savedAt).toISOString();
  return { ...row, idHash: Buffer.from(row.idHash), savedUntil };
};

/** Starts a session under `idHash` with `values`. */
export async function insertFormSession(
  db: Queryable,
  idHash: Buffer,
  values: FormSessionValues,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO form_sessions (id_hash, form_state, status_token, notice, status_opened_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [idHash, values.formState, values.statusToken, values.notice, values.statusOpenedAt, now],
  );
}

/** The statement writing a session's values, its eight parameters as updateParameters gives them. */
const UPDATE_SESSION = `UPDATE form_sessions
     SET form_state = $2, status_token = $3, notice = $4, status_opened_at = $5, updated_at = $6,
         previous_id_hash = CASE WHEN $7::bytea IS NULL THEN previous_id_hash ELSE id_hash END,
         rotated_at = CASE WHEN $7::bytea IS NULL THEN rotated_at ELSE $6 END,
         id_hash = coalesce($7::bytea, id_hash)
     WHERE id_hash = $1 AND ($8::text IS NULL OR xmin::text = $8)`;
const updateParameters = (
  idHash: Buffer,
  values: FormSessionValues,
  now: Date,
  renewedIdHash: Buffer | undefined,
  version: string | undefined,
) => [
  idHash,
  values.formState,
  values.statusToken,
  values.notice,
  values.statusOpenedAt,
  now,
  renewedIdHash ?? null,
  version ?? null,
];

/**
 * Writes `values` over the session whose current id hashes to `idHash` (only if its row is still
 * at `version`, when given). With `renewedIdHash`, the session takes that id, and its id until now
 * opens it for a while longer. A saved draft stays saved: its answers go on changing, and its link
 * opens what they are now. Resolves to whether it wrote.
 */
export async function updateFormSession(
  db: Queryable,
  idHash: Buffer,
  values: FormSessionValues,
  now: Date,
  renewedIdHash?: Buffer,
  version?: string,
): Promise<boolean> {
  const { rowCount } = await db.query(UPDATE_SESSION, updateParameters(idHash, values, now, renewedIdHash, version));
  return rowCount > 0;
}

/**
 * Writes `values` over the session whose current id hashes to `idHash` if its row is still at
 * `version` (as updateFormSession does), in one statement with, when it is not, a read of the
 * session as readFormSession finds it by `readIdHash` and `since`: what another request wrote,
 * on which the change can be made again. The read sees what was committed when the statement
 * began: a write that was under way then and made this one fail is not in it (its version is
 * still `version`). Resolves to `written`, or the session read (undefined: there is none).
 */
export async function updateFormSessionOrRead(
  db: Queryable,
  write: {
    readonly idHash: Buffer;
    readonly values: FormSessionValues;
    readonly now: Date;
    readonly renewedIdHash: Buffer | undefined;
    readonly version: string;
  },
  readIdHash: Buffer,
  since: SessionsSince,
): Promise<'written' | { readonly session: StoredFormSession | undefined }> {
  const { idHash, values, now, renewedIdHash, version } = write;
  // Every part of one statement sees the rows as they were when it began (a data-modifying WITH):
  // the read finds the row as the write found it, before the write's change.
  const { rows } = await db.query<{ written: boolean } & Nullable<SessionRow>>(
    `WITH written AS (${UPDATE_SESSION} RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM written) AS written, session.*
     FROM (SELECT 1) one LEFT JOIN LATERAL (${selectSession(9)}) session ON NOT EXISTS (SELECT 1 FROM written)`,
    [...updateParameters(idHash, values, now, renewedIdHash, version), ...sessionParameters(readIdHash, since)],
  );
  const { written, ...session } = rows[0]!;
  if (written) return 'written';
  return { session: session.idHash === null ? undefined : storedOf(session as SessionRow) };
}

/**
 * Ends the session whose id (current or previous) hashes to `idHash`: deleted, unless it is saved as
 * a draft to come back to, which its link still opens: it then takes `unknownIdHash`, the hash of
 * an id nobody holds, so no id of the browser that ended it opens it.
 */
export async function endFormSession(db: Queryable, idHash: Buffer, unknownIdHash: Buffer): Promise<void> {
  await db.query(
    `UPDATE form_sessions SET id_hash = $2, previous_id_hash = NULL, rotated_at = NULL
     WHERE (id_hash = $1 OR previous_id_hash = $1) AND saved_at IS NOT NULL`,
    [idHash, unknownIdHash],
  );
  await db.query('DELETE FROM form_sessions WHERE id_hash = $1 OR previous_id_hash = $1', [idHash]);
}

/**
 * Deletes the sessions not used since `activeSince` that are not drafts saved since `savedSince`;
 * returns how many. Without `savedSince`, a saved draft is deleted as any idle session is.
 */
export async function deleteIdleFormSessions(
  db: Queryable,
  activeSince: Date,
  savedSince: Date = activeSince,
): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM form_sessions WHERE updated_at < $1 AND (saved_at IS NULL OR saved_at < $2)',
    [activeSince, savedSince],
  );
  return rowCount;
}

// Saved drafts ("Save and come back later", migration 016). A saved session is kept for
// SAVED_DRAFT_DAYS after its last save, whatever its last write, and an emailed link opens it on
// any device. The link's token is stored only as its SHA-256 (return_token_hash): it works once,
// and each use emails a new one, until the draft ends.

const DAY_MS = 24 * 60 * 60_000;

/** The drafts still kept at `now` were saved at or after this instant. */
const savedSince = (now: Date) => new Date(now.getTime() - SAVED_DRAFT_DAYS * DAY_MS);

/**
 * One `send-draft-link` email per draft a minute: Save pressed twice (or a form sent again) does
 * not send two links, the first of which would no longer work.
 */
const SAVE_EMAIL_WINDOW_MS = 60_000;

/** Where a saved draft was saved: the page, to return to, and the language, the email's. */
export interface DraftSave {
  /** The path of the page the sponsor saved on (at most 200 bytes); whoever redirects to it checks it is one of ours. */
  readonly path: string;
  readonly language: Language;
}

/**
 * Saves as a draft, at `now`, the session whose current id hashes to `idHash` if it is not over
 * (written in the last 24 hours, or a draft still kept), and enqueues in the same transaction the
 * email of a link to it (at most one a minute). Returns the draft's id, or undefined when there is
 * no such session.
 */
export async function saveDraft(
  db: Database,
  idHash: Buffer,
  draft: DraftSave,
  now: Date,
): Promise<{ readonly draftId: string } | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ draftId: string }>(
      `UPDATE form_sessions SET saved_at = $2, saved_path = $3, language = $4, updated_at = $2
       WHERE id_hash = $1 AND (updated_at >= $5 OR saved_at >= $6)
       RETURNING draft_id AS "draftId"`,
      [idHash, now, draft.path, draft.language, new Date(now.getTime() - FORM_SESSION_IDLE_MS), savedSince(now)],
    );
    const draftId = rows[0]?.draftId;
    if (draftId === undefined) return undefined;
    await enqueueJob(tx, {
      kind: jobKinds.sendDraftLink,
      payload: { draftId },
      uniqueKey: `${jobKinds.sendDraftLink}:${draftId}:${Math.floor(now.getTime() / SAVE_EMAIL_WINDOW_MS)}`,
      runAfter: now,
    });
    return { draftId };
  });
}

/** What the email of a draft's link needs. */
export interface DraftForEmail {
  /** The serialised form state: the contact email is its current applicant's `sponsor-email`. */
  readonly formState: string | null;
  readonly language: Language;
  /** The last save: the draft, and the link, end SAVED_DRAFT_DAYS after it. */
  readonly savedAt: Date;
}

/**
 * Makes `tokenHash` the hash of the one token that opens the draft `draftId` (a uuid), in place of
 * any before it, if the draft is still saved at `now`. Returns what the email needs, or undefined
 * when the draft is gone, was never saved or has ended.
 */
export async function issueReturnToken(
  db: Queryable,
  draftId: string,
  tokenHash: Buffer,
  now: Date,
): Promise<DraftForEmail | undefined> {
  const { rows } = await db.query<DraftForEmail>(
    `UPDATE form_sessions SET return_token_hash = $2
     WHERE draft_id = $1 AND saved_at >= $3
     RETURNING form_state AS "formState", language, saved_at AS "savedAt"`,
    [draftId, tokenHash, savedSince(now)],
  );
  return rows[0];
}

/** What a draft's link opens. */
export interface TakenDraft {
  readonly formState: string | null;
  /** The page it was saved on. */
  readonly savedPath: string;
}

/**
 * Opens, with its link's token, the saved draft whose token hashes to `tokenHash`: the draft takes
 * the new session id `newIdHash` (no earlier id opens it any more: the browser it was saved in
 * loses it), the token is used up, and the email of a new link is enqueued in the same
 * transaction. Returns what it opens, or undefined when the token is unknown, used or the draft
 * has ended (alike). Two requests with one token: exactly one opens it.
 */
export async function takeDraftByReturnToken(
  db: Database,
  tokenHash: Buffer,
  newIdHash: Buffer,
  now: Date,
): Promise<TakenDraft | undefined> {
  return db.transaction(async (tx) => {
    // The second of two requests waits for the first's row lock, then finds the token cleared.
    // The status link and the notice belong to the browser the draft was saved in, not to the
    // answers: a link that anyone with the email can follow does not carry them to another device.
    const { rows } = await tx.query<TakenDraft & { draftId: string }>(
      `UPDATE form_sessions
       SET id_hash = $2, previous_id_hash = NULL, rotated_at = NULL, return_token_hash = NULL,
           status_token = NULL, status_opened_at = NULL, notice = NULL, updated_at = $3
       WHERE return_token_hash = $1 AND saved_at >= $4
       RETURNING draft_id AS "draftId", form_state AS "formState", saved_path AS "savedPath"`,
      [tokenHash, newIdHash, now, savedSince(now)],
    );
    const taken = rows[0];
    if (taken === undefined) return undefined;
    await enqueueJob(tx, { kind: jobKinds.sendDraftLink, payload: { draftId: taken.draftId }, runAfter: now });
    return { formState: taken.formState, savedPath: taken.savedPath };
  });
}

/** Whether the token that hashes to `tokenHash` opens a saved draft at `now`; changes nothing. */
export async function findDraftByReturnToken(db: Queryable, tokenHash: Buffer, now: Date): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM form_sessions WHERE return_token_hash = $1 AND saved_at >= $2', [
    tokenHash,
    savedSince(now),
  ]);
  return rows.length > 0;
}
