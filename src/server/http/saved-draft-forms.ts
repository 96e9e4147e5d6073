// The pages of "Save and come back later" (decision 040): the question where to send the link
// (when the answers hold no contact email yet), the page saying the answers are saved, and the page
// an emailed link opens. Opening a saved application is a form on that page, never the GET of its
// address: a mail scanner following the link uses nothing up.
import { CHECK_ANSWERS_PATH, START_PATH } from '#shared/journey/paths.ts';
import {
  APPLICATION_SAVED_PATH,
  CONTINUE_APPLICATION_PATH,
  DRAFT_TOKEN_PARAMETER,
  SAVE_APPLICATION_PATH,
} from '#shared/pages/saved-drafts.ts';
import { returnPathOf, type SavedDrafts } from '../services/saved-drafts.ts';
import { placeOf } from '../security/security-log.ts';
import {
  draftSessionOf,
  emailsTooMany,
  formField,
  pageLanguageOf,
  targetOf,
  type PageFormHandler,
  type PageResult,
} from './page-form-handlers.ts';

/** The page a link that opens no saved application shows: it says so, and nothing of whether one existed. */
const CANNOT: PageResult = { kind: 'page', code: 404, view: { outcome: { draftLink: 'cannot' } } };

export function createSavedDraftForms(drafts: SavedDrafts): PageFormHandler {
  return {
    paths: [SAVE_APPLICATION_PATH, APPLICATION_SAVED_PATH, CONTINUE_APPLICATION_PATH],

    async get(request, _reply, forms, target) {
      if (target.path === CONTINUE_APPLICATION_PATH) {
        const token = target.query.get(DRAFT_TOKEN_PARAMETER) ?? '';
        return (await drafts.opens(token)) ? { kind: 'page', view: { outcome: { draftLink: 'opens' } } } : CANNOT;
      }
      // Nothing saved: the start page.
      if (target.path === APPLICATION_SAVED_PATH && (await forms.sessions.read(request)).savedUntil === null)
        return { kind: 'redirect', to: START_PATH };
      return undefined;
    },

    async post(request, reply, forms) {
      const target = targetOf(request.url, false);
      const session = draftSessionOf(forms, request, reply);
      if (target.path === CONTINUE_APPLICATION_PATH) {
        const landing = await drafts.open(session, target.query.get(DRAFT_TOKEN_PARAMETER) ?? '');
        return landing === undefined ? CANNOT : { kind: 'redirect', to: landing };
      }
      if (target.path !== SAVE_APPLICATION_PATH) return undefined;
      const from = returnPathOf(target.query) ?? CHECK_ANSWERS_PATH;
      const email = formField(request.body, 'sponsor-email') ?? '';
      const saved = await drafts.saveWithEmail(session, from, pageLanguageOf(request), placeOf(request), email);
      if (saved.kind === 'emailsTooMany') return emailsTooMany(request, saved.retryAfterSeconds);
      return saved.kind === 'go'
        ? { kind: 'redirect', to: saved.to }
        : { kind: 'page', code: 422, view: { outcome: { draftEmail: 'refused' } } };
    },
  };
}
