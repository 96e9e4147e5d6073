// "Save and come back later" (the GOV.UK pattern, decision 040): the answers the browser's session
// keeps are saved for SAVED_DRAFT_DAYS after the last save, and a link that opens them on any
// device is emailed to their contact email (asked for first when they hold none yet). The link's
// token works once; each use emails a new one (db/form-session-repository.ts, the send-draft-link
// job). A link that does not open a draft (unknown, used, ended, altered) says nothing of whether
// one existed. The contact email counts against the saving client's distinct addresses of the
// hour (decision 044): over them, nothing is saved; the new link of a link used goes to the same
// address, chosen by nobody new, and is not counted.
import type { Language } from '#shared/i18n/languages.ts';
import { answersOf, parseSavedFormState, serialiseFormState } from '#shared/journey/form-state.ts';
import { journeyReducer, type JourneyAction } from '#shared/journey/reducer.ts';
import { resumeAt } from '#shared/journey/resume.ts';
import { JOURNEY_PAGE_PATHS, type JourneyPath } from '#shared/journey/paths.ts';
import {
  APPLICATION_SAVED_PATH,
  LATER_PARAMETER,
  OPENED_PARAMETER,
  RETURN_PARAMETER,
  SAVE_APPLICATION_PATH,
} from '#shared/pages/saved-drafts.ts';
import { validateSection } from '#shared/validation/sections.ts';
import type { Database } from '../db/database.ts';
import { findDraftByReturnToken, type DraftSave, type TakenDraft } from '../db/form-session-repository.ts';
import { readHits } from '../db/rate-limit-repository.ts';
import { recipientBudgetKey } from '../jobs/email-recipient-limit.ts';
import type { SecurityEventPlace } from '../security/security-log.ts';
import { spendEmailSender, type EmailSenderLimit } from './email-senders.ts';
import type { LimitsTable } from './limits.ts';
import { draftLinkTokenHash } from '../tokens/draft-link-tokens.ts';
import { noticeOf, type JourneySession } from './journey.ts';

/** The browser's session as a draft: the journey's, and saving it or opening a saved one in it. */
export interface DraftSession extends JourneySession {
  save(draft: DraftSave): Promise<boolean>;
  take(tokenHash: Buffer): Promise<TakenDraft | undefined>;
}

export interface SavedDraftsOptions {
  readonly database: Database;
  readonly now: () => Date;
  /** The limits table: past `emailsToAddress`, the link's email comes later, and the page says so. */
  readonly limits: LimitsTable;
  /** The distinct addresses a client may have emailed in an hour (EMAIL_SENDER_LIMIT). */
  readonly emailSenders?: EmailSenderLimit | undefined;
}

/**
 * What saving came to: where the browser goes (the page saying it is saved, or the one asking for
 * an email), the email page again with its error, or nothing saved because the link's email would
 * take the client past its distinct addresses of the hour.
 */
export type SaveResult =
  | { readonly kind: 'go'; readonly to: string }
  | { readonly kind: 'refused' }
  | { readonly kind: 'emailsTooMany'; readonly retryAfterSeconds: number };

export interface SavedDrafts {
  /**
   * Saves the answers of the page `from` (after `action`, the page's own answers, if any), for the
   * client at `place`: where to go next.
   */
  save(
    session: DraftSession,
    from: JourneyPath,
    language: Language,
    place: SecurityEventPlace,
    action?: JourneyAction,
  ): Promise<SaveResult>;
  /** Saves the answers with `email` as their contact email (the save page's question). */
  saveWithEmail(
    session: DraftSession,
    from: JourneyPath,
    language: Language,
    place: SecurityEventPlace,
    email: string,
  ): Promise<SaveResult>;
  /** Whether the link's `token` opens a saved draft; changes nothing. */
  opens(token: string): Promise<boolean>;
  /** Opens the draft of the link's `token` in this browser: the page it lands on, or undefined when the link opens none. */
  open(session: DraftSession, token: string): Promise<string | undefined>;
}

/** A draft link's token as the service writes it (32 bytes, base64url): anything else opens nothing, unhashed. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The page of the journey a save page's `from` names, if it is one. */
export function returnPathOf(query: URLSearchParams): JourneyPath | undefined {
  const from = query.get(RETURN_PARAMETER);
  return JOURNEY_PAGE_PATHS.find((path) => path === from);
}

/** The contact email of the answers, when it passes its rule. */
function contactEmailOf(formState: string | null, now: Date): string | undefined {
  const answers = answersOf(parseSavedFormState(formState).current);
  const email = answers['sponsor-email'];
  return typeof email === 'string' && Object.keys(validateSection('sponsorContact', answers, now)).length === 0
    ? email.trim()
    : undefined;
}

export function createSavedDrafts(options: SavedDraftsOptions): SavedDrafts {
  const { database, now } = options;
  const fromQuery = (from: JourneyPath) => `${RETURN_PARAMETER}=${encodeURIComponent(from)}`;

  /** True when the address has had its emails for the hour: the link's email waits for the next. */
  const emailLater = async (email: string) =>
    ((await readHits(database, recipientBudgetKey(email), now()))?.hits ?? 0) >= options.limits.emailsToAddress.max;

  /** Saves what the session keeps, whose contact email is `email`, for the client at `place`. */
  async function saveKept(
    session: DraftSession,
    from: JourneyPath,
    language: Language,
    place: SecurityEventPlace,
    email: string,
  ): Promise<SaveResult> {
    // Counted first, in a transaction of its own: over the limit, nothing is saved or enqueued.
    if (options.emailSenders !== undefined) {
      const refused = await spendEmailSender(database, options.emailSenders, place, 'draft', [email], now());
      if (refused !== undefined) return { kind: 'emailsTooMany', retryAfterSeconds: refused.retryAfterSeconds };
    }
    if (!(await session.save({ path: from, language }))) return { kind: 'go', to: from } as const;
    const later = await emailLater(email);
    return {
      kind: 'go',
      to: `${APPLICATION_SAVED_PATH}?${fromQuery(from)}${later ? `&${LATER_PARAMETER}` : ''}`,
    } as const;
  }

  return {
    async save(session, from, language, place, action) {
      const kept = await session.update((current) => {
        if (action === undefined) return undefined;
        const state = journeyReducer(parseSavedFormState(current.formState), action, now()).state;
        return { ...current, formState: serialiseFormState(state), notice: null };
      });
      const email = contactEmailOf(kept.formState, now());
      if (email === undefined) return { kind: 'go', to: `${SAVE_APPLICATION_PATH}?${fromQuery(from)}` };
      return saveKept(session, from, language, place, email);
    },

    async saveWithEmail(session, from, language, place, typed) {
      const kept = await session.update((current) => {
        const state = parseSavedFormState(current.formState);
        const answered = journeyReducer(
          state,
          { type: 'submitStep', path: '/your-contact-details', answers: { 'sponsor-email': typed } },
          now(),
        ).state;
        // The question answered here is the first page's: its answer, its error, and nothing else.
        const next = {
          ...state,
          current: answered.current,
          group: answered.group,
          errors: answered.errors,
          complete: answered.complete,
        };
        return { ...current, formState: serialiseFormState(next), notice: null };
      });
      const email = contactEmailOf(kept.formState, now());
      return email === undefined ? { kind: 'refused' } : saveKept(session, from, language, place, email);
    },

    async opens(token) {
      return TOKEN_PATTERN.test(token) && findDraftByReturnToken(database, draftLinkTokenHash(token), now());
    },

    async open(session, token) {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const taken = await session.take(draftLinkTokenHash(token));
      if (taken === undefined) return undefined;
      const saved = JOURNEY_PAGE_PATHS.find((path) => path === taken.savedPath) ?? JOURNEY_PAGE_PATHS[0]!;
      const { state, path } = resumeAt(parseSavedFormState(taken.formState), saved, now());
      // The page it lands on says so, and where the new link went (once its address says so).
      const email = contactEmailOf(taken.formState, now());
      const notice = email === undefined ? null : noticeOf('opened', email);
      await session.update((current) => ({ ...current, formState: serialiseFormState(state), notice }));
      return `${path}?${OPENED_PARAMETER}`;
    },
  };
}
