// The journey without JavaScript (decisions 024 and 026): the server runs the browser's own
// reducer on the answers its session keeps. A form posted to a journey page is read as the browser
// reads it (#shared/journey/page-forms.ts); a valid answer redirects (303) to the next page, an
// invalid one is answered with the page showing its errors. A Change or Edit link only shows its
// page, as the answers would look with the link followed; the page's form posts back to the same
// address, and only then does the link's change take effect, with the form's. Sending goes
// through the API's own checks, once per session, and only the answers the sending page showed.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { toReceipt } from '#shared/api/new-from-concession.ts';
import { memberName } from '#shared/domain/answers.ts';
import { answersOf, parseSavedFormState, serialiseFormState, type FormState } from '#shared/journey/form-state.ts';
import {
  DELETED_PARAMETER,
  FINGERPRINT_FIELD,
  linkedJourneyAction,
  postedJourneyForm,
  type PostedJourneyForm,
} from '#shared/journey/page-forms.ts';
import { journeyReducer, type JourneyAction } from '#shared/journey/reducer.ts';
import { planSend, settleSend, type SendPlan, type SendSettlement, type SendResult } from '#shared/journey/sending.ts';
import { CHECK_ANSWERS_PATH, GROUP_EDIT_PATH, JOURNEY_PAGE_PATHS, type JourneyPath } from '#shared/journey/paths.ts';
import { cosReferencesOfAnswers } from '#shared/journey/same-cos-reference.ts';
import { languageOfCookies } from '#shared/i18n/languages.ts';
import type { Database } from '../db/database.ts';
import type { CosReferenceLookup } from '../services/cos-references.ts';
import { acceptSubmission } from '../services/submissions.ts';
import type { FormSessionValues } from './form-session-store.ts';
import { formField, pathOf, type PageFormHandler, type PageForms } from './page-form-handlers.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';

export interface JourneyFormsOptions {
  readonly database: Database;
  readonly now: () => Date;
  /** Which COS numbers other applications have: check your answers and the group overview warn of them. */
  readonly lookUpCosReferences: CosReferenceLookup;
  readonly metrics?: ServiceMetrics | undefined;
}

/** The pages that warn of a COS number another application has. */
const COS_WARNING_PATHS = [CHECK_ANSWERS_PATH, GROUP_EDIT_PATH];

const keep = (kept: FormSessionValues, state: FormState, notice: string | null = null): FormSessionValues => ({
  ...kept,
  formState: serialiseFormState(state),
  notice,
});

/** The Change or Edit link the request's address is, if any. */
function linkOf(request: FastifyRequest): JourneyAction | undefined {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  return linkedJourneyAction(pathOf(request), (name) => query.get(name));
}

/** The forms and the Change and Edit links of the journey's pages. */
export function createJourneyForms(options: JourneyFormsOptions): PageFormHandler {
  const { now } = options;

  /** `state` as the page at `path` shows it when reached by the link `link`: the link followed, if it leads there. */
  const viewOf = (state: FormState, path: string, link: JourneyAction | undefined): FormState => {
    if (link === undefined) return state;
    const followed = journeyReducer(state, link, now());
    return followed.goTo === path ? followed.state : state;
  };

  /** Runs the page's link (if any) and then `action` on what the session keeps, keeps the result, and says where to go. */
  async function apply(request: FastifyRequest, reply: FastifyReply, forms: PageForms, action: JourneyAction) {
    const path = pathOf(request);
    const link = linkOf(request);
    let goTo: string | undefined;
    await forms.sessions.update(request, reply, (kept) => {
      const state = viewOf(parseSavedFormState(kept.formState), path, link);
      const next = journeyReducer(state, action, now());
      goTo = next.goTo;
      // The group overview says whom it deleted (once its address says so).
      const deleted =
        action.type === 'deleteApplication' ? memberName(answersOf(state.group[action.index] ?? {})) : null;
      return keep(kept, next.state, deleted);
    });
    if (goTo === undefined) return undefined;
    return action.type === 'deleteApplication' ? `${goTo}?${DELETED_PARAMETER}` : goTo;
  }

  /**
   * Sends the applications the session keeps, as the browser does (the same group id on a retry),
   * when the page sending them showed the answers kept now (`shown`, their fingerprint). The
   * attempt is recorded in the session first, and Sends arriving together take turns at it, so
   * they agree on one group id, which the API stores once.
   */
  async function send(request: FastifyRequest, reply: FastifyReply, forms: PageForms, shown: string | undefined) {
    const path = pathOf(request) as JourneyPath;
    let plan: SendPlan = { kind: 'changed' };
    await forms.sessions.update(request, reply, (kept) => {
      plan = planSend(parseSavedFormState(kept.formState), { path, shown, now: now(), randomUuid: randomUUID });
      return plan.kind === 'changed' || plan.state === undefined ? undefined : keep(kept, plan.state);
    });
    // TypeScript cannot see that the callback above set the plan.
    const decided = plan as SendPlan;
    if (decided.kind === 'go') return reply.redirect(decided.to, 303);
    if (decided.kind === 'changed') return forms.render(request, reply, 409, { outcome: { notice: 'answersChanged' } });

    /** Settles `result` on what the session keeps now, keeping what it changes (renewing the session's id with `renew`). */
    const settleKept = async (result: SendResult, renew: boolean): Promise<SendSettlement> => {
      let settled: SendSettlement | undefined;
      await forms.sessions.update(
        request,
        reply,
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
      // The page's language, as the server rendered it: the submission's emails follow it.
      const language = languageOfCookies(request.headers.cookie ?? '');
      const accepted = await acceptSubmission(options, decided.body, now(), language);
      if (accepted.outcome === 'refused')
        settled = settleSend(decided.state, { kind: 'refused', answers: accepted.errors }, now());
      // The next Send tries a new group id.
      else if (accepted.outcome === 'conflict') settled = await settleKept({ kind: 'conflict' }, false);
      // The browser's session gets a new id once its applications are sent. A Send that arrived
      // with this one finds them sent by the other and changes nothing.
      else settled = await settleKept({ kind: 'stored', receipts: accepted.items.map(toReceipt) }, true);
    } catch (error) {
      // Everything typed is still kept; the page offers to try again.
      request.log.error({ err: error }, 'Sending applications from a form failed');
      settled = settleSend(decided.state, { kind: 'failed' }, now());
    }
    if (settled.kind === 'stored') return reply.redirect(settled.goTo, 303);
    const code = { refused: 422, conflict: 409, tooMany: 429, failed: 503 }[settled.outcome.kind];
    return forms.render(request, reply, code, { outcome: { submission: settled.outcome } });
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, forms: PageForms, posted: PostedJourneyForm) {
    if (posted.kind === 'send') return send(request, reply, forms, formField(request.body, FINGERPRINT_FIELD));
    const goTo = await apply(request, reply, forms, posted.action);
    // No next page: the answers were refused, and the page shows why.
    return goTo === undefined ? forms.render(request, reply, 422) : reply.redirect(goTo, 303);
  }

  return {
    paths: JOURNEY_PAGE_PATHS,
    async post(request, reply, forms) {
      const posted = postedJourneyForm(pathOf(request), (name) => formField(request.body, name));
      return posted === undefined ? undefined : answer(request, reply, forms, posted);
    },
    async facts(path, session) {
      if (!COS_WARNING_PATHS.some((pattern) => matchPath(pattern, path) !== null)) return undefined;
      const state = parseSavedFormState(session.formState);
      const numbers = cosReferencesOfAnswers(state);
      if (numbers.length === 0) return undefined;
      return { cosReferencesInUse: await options.lookUpCosReferences(numbers, state.submission?.formGroupId) };
    },
    async get(request, reply, forms) {
      const path = pathOf(request);
      const link = linkOf(request);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      if (link === undefined && !(path === GROUP_EDIT_PATH && query.has(DELETED_PARAMETER))) return undefined;
      const kept = await forms.sessions.read(request);
      if (link === undefined) return forms.render(request, reply, 200, { session: kept });
      // The page as the link shows it; nothing is kept until its form is sent.
      const followed = journeyReducer(parseSavedFormState(kept.formState), link, now());
      if (followed.goTo !== path) return reply.redirect(followed.goTo ?? path, 303);
      return forms.render(request, reply, 200, { session: keep(kept, followed.state) });
    },
  };
}
