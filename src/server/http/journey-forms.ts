// The journey's pages over HTTP (decision 040): a form posted to a journey page, by the app or by a
// browser without JavaScript, is read as #shared/journey/page-forms.ts reads it and answered by
// the journey service (or, for "Save and come back later", the saved drafts'); a Change or Edit
// link's address shows the page as the service says.
import { FINGERPRINT_FIELD, postedJourneyForm } from '#shared/journey/page-forms.ts';
import { JOURNEY_PAGE_PATHS, START_PATH, type JourneyPath } from '#shared/journey/paths.ts';
import type { Journey } from '../services/journey.ts';
import type { SavedDrafts } from '../services/saved-drafts.ts';
import { placeOf } from '../security/security-log.ts';
import {
  draftSessionOf,
  emailsTooMany,
  formField,
  pageLanguageOf,
  pathOf,
  targetOf,
  type PageFormHandler,
} from './page-form-handlers.ts';

/** The forms and the Change and Edit links of the journey's pages. */
export function createJourneyForms(journey: Journey, drafts: SavedDrafts): PageFormHandler {
  return {
    // The start page's only form is the frame's; it is here for what it says of an application in progress.
    paths: [START_PATH, ...JOURNEY_PAGE_PATHS],
    async post(request, reply, forms) {
      const path = pathOf(request) as JourneyPath;
      const posted = postedJourneyForm(path, (name) => formField(request.body, name));
      if (posted === undefined) return undefined;
      const session = draftSessionOf(forms, request, reply);
      if (posted.kind === 'save') {
        const saved = await drafts.save(session, path, pageLanguageOf(request), placeOf(request), posted.action);
        if (saved.kind === 'emailsTooMany') return emailsTooMany(request, saved.retryAfterSeconds);
        return saved.kind === 'go' ? { kind: 'redirect', to: saved.to } : { kind: 'page', code: 422 };
      }
      const answer = await journey.answer(session, targetOf(request.url, false), posted, {
        shown: formField(request.body, FINGERPRINT_FIELD),
        language: pageLanguageOf(request),
        log: request.log,
        place: placeOf(request),
      });
      if (answer.kind === 'go') return { kind: 'redirect', to: answer.to };
      if (answer.kind === 'emailsTooMany') return emailsTooMany(request, answer.retryAfterSeconds);
      return { kind: 'page', code: answer.code, view: answer.outcome === undefined ? {} : { outcome: answer.outcome } };
    },
    async get(request, reply, forms, target) {
      const view = await journey.view(draftSessionOf(forms, request, reply), target);
      if (view.kind === 'go') return { kind: 'redirect', to: view.to };
      return view.session === undefined ? undefined : { kind: 'page', view: { session: view.session } };
    },
    facts: (path, session) => journey.facts(path, session.formState),
  };
}
