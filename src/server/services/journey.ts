// The journey in progress, owned by the server for every browser (decision 040): the one place
// that runs the journey's reducer (#shared/journey/reducer.ts) on the answers the browser's session
// keeps, whether the page was sent by the app (as JSON) or by a browser without JavaScript. A form
// is read the same way on both (#shared/journey/page-forms.ts). A Change or Edit link only shows
// its page, as the answers would look with the link followed; the page's form posts back to the
// same address, and only then does the link's change take effect, with the form's. Sending goes
// through the API's own checks, once per session, and only the answers the sending page showed.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { toReceipt } from '#shared/api/new-from-concession.ts';
import { memberName } from '#shared/domain/answers.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { answersOf, parseSavedFormState, serialiseFormState, type FormState } from '#shared/journey/form-state.ts';
import { DELETED_PARAMETER, linkedJourneyAction, type PostedJourneyForm } from '#shared/journey/page-forms.ts';
import { journeyReducer, type JourneyAction } from '#shared/journey/reducer.ts';
import { planSend, settleSend, type SendPlan, type SendResult, type SendSettlement } from '#shared/journey/sending.ts';
import { CHECK_ANSWERS_PATH, GROUP_EDIT_PATH, START_PATH, type JourneyPath } from '#shared/journey/paths.ts';
import { firstIncompletePath, resolvePath } from '#shared/journey/progress.ts';
import { FIRST_APPLICANT_PATH } from '#shared/journey/steps.ts';
import { OPENED_PARAMETER } from '#shared/pages/saved-drafts.ts';
import { pathMatcher } from '#shared/pages/path-matcher.ts';
import { hasUnsentAnswers } from '#shared/pages/unsent-answers.ts';
import { cosReferencesOfAnswers } from '#shared/journey/same-cos-reference.ts';
import type { PageFacts, PageOutcome } from '#shared/pages/page-data.ts';
import type { Database } from '../db/database.ts';
import type { FormSessionValues } from '../db/form-session-repository.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import type { SecurityEventPlace } from '../security/security-log.ts';
import type { CosReferenceLookup } from './cos-references.ts';
import type { EmailSenderLimit } from './email-senders.ts';
import { acceptSubmission } from './submissions.ts';

/** The browser's session as the journey reads and changes it (the HTTP layer binds it to the request). */
export interface JourneySession {
  read(): Promise<FormSessionValues>;
  /**
   * Changes what the session keeps to what `change` makes of it (undefined: nothing to keep),
   * under the session's lock; `renew` gives the session a new id. Resolves to what is kept.
   */
  update(
    change: (kept: FormSessionValues) => FormSessionValues | undefined,
    options?: { readonly renew?: boolean },
  ): Promise<FormSessionValues>;
}

/** The address of a page of the journey: its path, and its query (a Change or Edit link's). */
export interface JourneyAddress {
  readonly path: string;
  readonly query: URLSearchParams;
}

/** What a page of the journey shows when asked for: itself (from `session`, when a link shows a view of it), or another page. */
export type JourneyView =
  { readonly kind: 'show'; readonly session?: FormSessionValues } | { readonly kind: 'go'; readonly to: string };

/**
 * What a form of the journey comes to: the next page, the page again showing why not (HTTP status
 * `code`), or nothing sent because its emails would take the client past its distinct addresses
 * of the hour (decision 044).
 */
export type JourneyAnswer =
  | { readonly kind: 'go'; readonly to: string }
  | { readonly kind: 'show'; readonly code: number; readonly outcome?: PageOutcome }
  | { readonly kind: 'emailsTooMany'; readonly retryAfterSeconds: number };

export interface JourneyOptions {
  readonly database: Database;
  readonly now: () => Date;
  /** Which COS numbers other applications have: check your answers and the group overview warn of them. */
  readonly lookUpCosReferences: CosReferenceLookup;
  readonly metrics?: ServiceMetrics | undefined;
  /** The distinct addresses a client may have emailed in an hour (EMAIL_SENDER_LIMIT). */
  readonly emailSenders?: EmailSenderLimit | undefined;
}

export interface Journey {
  /** What the page at `address` shows: a Change or Edit link's view of the answers (nothing kept), or where it leads instead. */
  view(session: JourneySession, address: JourneyAddress): Promise<JourneyView>;
  /** Does what the form `posted` to `address` asks: a step answered, a button's action, or sending the applications. */
  answer(
    session: JourneySession,
    address: JourneyAddress,
    posted: Exclude<PostedJourneyForm, { kind: 'save' }>,
    form: {
      /** The fingerprint of the answers a sending page showed. */
      readonly shown: string | undefined;
      /** The language of the page: the submission's emails follow it. */
      readonly language: Language;
      readonly log: FastifyBaseLogger;
      /** Where the form came from: the client whose emails a Send asks for. */
      readonly place: SecurityEventPlace;
    },
  ): Promise<JourneyAnswer>;
  /** What the page at `path` shows beyond the answers: the COS numbers of `formState` another application has. */
  facts(path: string, formState: string | null): Promise<PageFacts | undefined>;
}

/** True for the pages that warn of a COS number another application has. */
const warnsOfCosNumbers = pathMatcher([CHECK_ANSWERS_PATH, GROUP_EDIT_PATH]);

const keep = (kept: FormSessionValues, state: FormState, notice: string | null = null): FormSessionValues => ({
  ...kept,
  formState: serialiseFormState(state),
  notice,
});

/**
 * Where an application in progress is continued from the start page: the group overview for a
 * group whose next member is not begun, otherwise the first page not yet answered (check your
 * answers when all are); nothing once the applications are sent, or before anything is answered.
 */
function continueAtOf(state: FormState, formState: string | null, now: Date): JourneyPath | undefined {
  if (state.receipts.length > 0 || !hasUnsentAnswers(formState)) return undefined;
  if (
    state.group.length > 0 &&
    state.changeIndex === null &&
    resolvePath(state, GROUP_EDIT_PATH, now) === GROUP_EDIT_PATH
  )
    return firstIncompletePath(state, now) === FIRST_APPLICANT_PATH ? GROUP_EDIT_PATH : firstIncompletePath(state, now);
  return firstIncompletePath(state, now);
}

/** What a notice kept in the session tells: the page whose address says so shows it, and no other. */
type NoticeKind = 'deleted' | 'opened';

/** A notice as the session keeps it: whom the group overview deleted, where an opened application's new link went. */
export const noticeOf = (kind: NoticeKind, text: string) => `${kind}:${text}`;

/** The text of the notice `kept`, when it tells of `kind`. */
const noticeFor = (kind: NoticeKind | undefined, kept: string | null) =>
  kind !== undefined && kept?.startsWith(`${kind}:`) ? kept.slice(kind.length + 1) : null;

/** The Change or Edit link an address is, if any. */
const linkOf = ({ path, query }: JourneyAddress): JourneyAction | undefined =>
  linkedJourneyAction(path, (name) => query.get(name));

export function createJourney(options: JourneyOptions): Journey {
  const { now } = options;

  /** `state` as the page at `path` shows it when reached by the link `link`: the link followed, if it leads there. */
  const viewOf = (state: FormState, path: string, link: JourneyAction | undefined): FormState => {
    if (link === undefined) return state;
    const followed = journeyReducer(state, link, now());
    return followed.goTo === path ? followed.state : state;
  };

  /** Runs the page's link (if any) and then `action` on what the session keeps, keeps the result, and says where to go. */
  async function act(session: JourneySession, address: JourneyAddress, action: JourneyAction) {
    let goTo: string | undefined;
    await session.update((kept) => {
      const state = viewOf(parseSavedFormState(kept.formState), address.path, linkOf(address));
      const next = journeyReducer(state, action, now());
      goTo = next.goTo;
      // The group overview says whom it deleted (once its address says so).
      const deleted =
        action.type === 'deleteApplication'
          ? noticeOf('deleted', memberName(answersOf(state.group[action.index] ?? {})))
          : null;
      return keep(kept, next.state, deleted);
    });
    if (goTo === undefined) return undefined;
    return action.type === 'deleteApplication' ? `${goTo}?${DELETED_PARAMETER}` : goTo;
  }

  /**
   * Sends the applications the session keeps (the same group id on a retry), when the page sending
   * them showed the answers kept now (`shown`, their fingerprint). The attempt is recorded in the
   * session first, and Sends arriving together take turns at it, so they agree on one group id,
   * which the API stores once.
   */
  async function send(
    session: JourneySession,
    path: JourneyPath,
    {
      shown,
      language,
      log,
      place,
    }: { shown: string | undefined; language: Language; log: FastifyBaseLogger; place: SecurityEventPlace },
  ): Promise<JourneyAnswer> {
    let plan: SendPlan = { kind: 'changed' };
    await session.update((kept) => {
      plan = planSend(parseSavedFormState(kept.formState), { path, shown, now: now(), randomUuid: randomUUID });
      return plan.kind === 'changed' || plan.state === undefined ? undefined : keep(kept, plan.state);
    });
    // TypeScript cannot see that the callback above set the plan.
    const decided = plan as SendPlan;
    if (decided.kind === 'go') return { kind: 'go', to: decided.to };
    if (decided.kind === 'changed') return { kind: 'show', code: 409, outcome: { notice: 'answersChanged' } };

    /** Settles `result` on what the session keeps now, keeping what it changes (renewing the session's id with `renew`). */
    const settleKept = async (result: SendResult, renew: boolean): Promise<SendSettlement> => {
      let settled: SendSettlement | undefined;
      await session.update(
        (kept) => {
          settled = settleSend(parseSavedFormState(kept.formState), result, now());
          return settled.state === undefined ? undefined : keep(kept, settled.state);
        },
        { renew },
      );
      return settled!;
    };

    let settled: SendSettlement;
    try {
      const accepted = await acceptSubmission(options, decided.body, now(), language, place);
      // Nothing stored, every answer kept: the page says why, and its Try again sends again.
      if (accepted.outcome === 'emailsTooMany')
        return { kind: 'emailsTooMany', retryAfterSeconds: accepted.retryAfterSeconds };
      if (accepted.outcome === 'refused')
        settled = settleSend(decided.state, { kind: 'refused', answers: accepted.errors }, now());
      // The next Send tries a new group id.
      else if (accepted.outcome === 'conflict') settled = await settleKept({ kind: 'conflict' }, false);
      // The browser's session gets a new id once its applications are sent. A Send that arrived
      // with this one finds them sent by the other and changes nothing.
      else settled = await settleKept({ kind: 'stored', receipts: accepted.items.map(toReceipt) }, true);
    } catch (error) {
      // Everything typed is still kept; the page offers to try again.
      log.error({ err: error }, 'Sending applications from a form failed');
      settled = settleSend(decided.state, { kind: 'failed' }, now());
    }
    if (settled.kind === 'stored') return { kind: 'go', to: settled.goTo };
    const code = { refused: 422, conflict: 409, tooMany: 429, failed: 503 }[settled.outcome.kind];
    return { kind: 'show', code, outcome: { submission: settled.outcome } };
  }

  return {
    async view(session, address) {
      const link = linkOf(address);
      // The overview after a deletion says whom it deleted, and the page a saved application's
      // link opened says where the new link went, by their addresses.
      const notice: NoticeKind | undefined =
        address.path === GROUP_EDIT_PATH && address.query.has(DELETED_PARAMETER)
          ? 'deleted'
          : address.query.has(OPENED_PARAMETER)
            ? 'opened'
            : undefined;
      if (link === undefined && notice === undefined) return { kind: 'show' };
      const kept = await session.read();
      if (link === undefined) return { kind: 'show', session: { ...kept, notice: noticeFor(notice, kept.notice) } };
      // The page as the link shows it; nothing is kept until its form is sent.
      const followed = journeyReducer(parseSavedFormState(kept.formState), link, now());
      if (followed.goTo !== address.path) return { kind: 'go', to: followed.goTo ?? address.path };
      return { kind: 'show', session: keep(kept, followed.state) };
    },

    async answer(session, address, posted, form) {
      if (posted.kind === 'send') return send(session, address.path as JourneyPath, form);
      const goTo = await act(session, address, posted.action);
      // No next page: the answers were refused, and the page shows why.
      return goTo === undefined ? { kind: 'show', code: 422 } : { kind: 'go', to: goTo };
    },

    async facts(path, formState) {
      if (path === START_PATH) {
        const continueAt = continueAtOf(parseSavedFormState(formState), formState, now());
        return continueAt === undefined ? undefined : { continueAt };
      }
      if (!warnsOfCosNumbers(path)) return undefined;
      const state = parseSavedFormState(formState);
      const numbers = cosReferencesOfAnswers(state);
      if (numbers.length === 0) return undefined;
      return { cosReferencesInUse: await options.lookUpCosReferences(numbers, state.submission?.formGroupId) };
    },
  };
}
