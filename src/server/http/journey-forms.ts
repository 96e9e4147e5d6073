// The journey's pages over HTTP (decision 040): a form posted to a journey page, by the app or by a
// browser without JavaScript, is read as #shared/journey/page-forms.ts reads it and answered by
// the journey service; a Change or Edit link's address shows the page as the service says.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FINGERPRINT_FIELD, postedJourneyForm } from '#shared/journey/page-forms.ts';
import { JOURNEY_PAGE_PATHS } from '#shared/journey/paths.ts';
import { languageOfCookies } from '#shared/i18n/languages.ts';
import type { Journey, JourneySession } from '../services/journey.ts';
import { formField, pathOf, targetOf, type PageFormHandler, type PageForms } from './page-form-handlers.ts';

/** The browser's session as the journey service reads and changes it. */
export const journeySessionOf = (forms: PageForms, request: FastifyRequest, reply: FastifyReply): JourneySession => ({
  read: () => forms.sessions.read(request),
  update: (change, options) => forms.sessions.update(request, reply, change, options),
});

/** The forms and the Change and Edit links of the journey's pages. */
export function createJourneyForms(journey: Journey): PageFormHandler {
  return {
    paths: JOURNEY_PAGE_PATHS,
    async post(request, reply, forms) {
      const path = pathOf(request);
      const posted = postedJourneyForm(path, (name) => formField(request.body, name));
      if (posted === undefined) return undefined;
      const answer = await journey.answer(
        journeySessionOf(forms, request, reply),
        targetOf(request.url, false),
        posted,
        {
          shown: formField(request.body, FINGERPRINT_FIELD),
          // The page's language, as the server rendered it: the submission's emails follow it.
          language: languageOfCookies(request.headers.cookie ?? ''),
          log: request.log,
        },
      );
      if (answer.kind === 'go') return { kind: 'redirect', to: answer.to };
      return { kind: 'page', code: answer.code, view: answer.outcome === undefined ? {} : { outcome: answer.outcome } };
    },
    async get(request, reply, forms, target) {
      const view = await journey.view(journeySessionOf(forms, request, reply), target);
      if (view.kind === 'go') return { kind: 'redirect', to: view.to };
      return view.session === undefined ? undefined : { kind: 'page', view: { session: view.session } };
    },
    facts: (path, session) => journey.facts(path, session.formState),
  };
}
