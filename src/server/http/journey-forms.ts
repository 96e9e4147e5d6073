// The journey without JavaScript (decision 024): the server runs the browser's own reducer on the
// answers its session keeps. A form posted to a journey page is read as the browser reads it
// (#shared/journey/page-forms.ts); a valid answer redirects (303) to the next page, an invalid one
// is answered with the page showing its errors. Sending goes through the API's own checks.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toReceipt } from '#shared/api/new-from-concession.ts';
import { memberName } from '#shared/domain/answers.ts';
import { answersOf, parseSavedFormState, serialiseFormState, type FormState } from '#shared/journey/form-state.ts';
import {
  firstStaleMember,
  linkedJourneyAction,
  postedJourneyForm,
  type PostedJourneyForm,
} from '#shared/journey/page-forms.ts';
import { journeyReducer, type JourneyAction } from '#shared/journey/reducer.ts';
import { buildSubmission, type SubmissionOutcome } from '#shared/journey/submission.ts';
import { GROUP_EDIT_PATH, JOURNEY_PAGE_PATHS, type JourneyPath } from '#shared/journey/paths.ts';
import { resolvePath } from '#shared/journey/progress.ts';
import type { Database } from '../db/database.ts';
import { acceptSubmission } from './new-from-concession-route.ts';
import { formField, pathOf, type PageFormHandler, type PageForms } from './page-forms.ts';

export interface JourneyFormsOptions {
  readonly database: Database;
  readonly now: () => Date;
}

/** The forms and the Change and Edit links of the journey's pages. */
export function createJourneyForms(options: JourneyFormsOptions): PageFormHandler {
  /** Runs `action` on what the session keeps, keeps the result, and says where to go. */
  async function apply(
    request: FastifyRequest,
    reply: FastifyReply,
    forms: PageForms,
    action: JourneyAction,
  ): Promise<string | undefined> {
    const session = await forms.sessions.read(request);
    const state = parseSavedFormState(session.formState);
    const { state: next, goTo } = journeyReducer(state, action, options.now());
    // The group overview says whom it deleted, once.
    const notice = action.type === 'deleteApplication' ? memberName(answersOf(state.group[action.index] ?? {})) : null;
    await forms.sessions.write(request, reply, { ...session, formState: serialiseFormState(next), notice });
    return goTo;
  }

  /** Sends the applications the session keeps, as the browser does (same group id on a retry). */
  async function send(request: FastifyRequest, reply: FastifyReply, forms: PageForms, asNew: boolean) {
    const session = await forms.sessions.read(request);
    const now = options.now();
    let state = parseSavedFormState(session.formState);
    // Sent from a page the answers no longer lead to (Back after sending, say): that page instead.
    const path = pathOf(request) as JourneyPath;
    const shown = resolvePath(state, path, now);
    if (shown !== path) return reply.redirect(shown, 303);
    // A member whose answers no longer pass (a date now too close, say) is opened for changes.
    const stale = path === GROUP_EDIT_PATH ? firstStaleMember(state, now) : -1;
    if (stale >= 0)
      return reply.redirect((await apply(request, reply, forms, { type: 'editApplication', index: stale }))!, 303);
    if (asNew) state = journeyReducer(state, { type: 'submissionConflicted' }, now).state;
    const { body, attempt } = buildSubmission(state, now, randomUUID);
    state = journeyReducer(state, { type: 'submissionStarted', attempt }, now).state;
    const keep = (next: FormState) =>
      forms.sessions.write(request, reply, { ...session, formState: serialiseFormState(next), notice: null });
    await keep(state);
    let outcome: SubmissionOutcome;
    try {
      const result = await acceptSubmission(options.database, body, now);
      if (result.outcome === 'refused') outcome = { kind: 'refused', answers: result.errors };
      else if (result.outcome === 'conflict') outcome = { kind: 'conflict' };
      else {
        const done = journeyReducer(state, { type: 'submissionSucceeded', receipts: result.items.map(toReceipt) }, now);
        await keep(done.state);
        return reply.redirect(done.goTo!, 303);
      }
    } catch (error) {
      // Everything typed is still kept; the page offers to try again.
      request.log.error({ err: error }, 'Sending applications from a form failed');
      outcome = { kind: 'failed' };
    }
    const code = { refused: 422, conflict: 409, tooMany: 429, failed: 503 }[outcome.kind];
    return forms.render(request, reply, code, { submission: outcome });
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, forms: PageForms, posted: PostedJourneyForm) {
    if (posted.kind === 'send') return send(request, reply, forms, posted.asNew);
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
    async get(request, reply, forms) {
      const url = new URL(request.url, 'http://localhost');
      const action = linkedJourneyAction(url.pathname, (name) => url.searchParams.get(name));
      if (action === undefined) return undefined;
      const goTo = await apply(request, reply, forms, action);
      return reply.redirect(goTo ?? url.pathname, 303);
    },
  };
}
