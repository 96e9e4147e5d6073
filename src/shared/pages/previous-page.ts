// The page before each page, where it can be known from the answers alone: the "Go back" link of a
// page the browser did not reach by a link of the app (every page without JavaScript, and the
// first page a tab loads with it), so that it leads where the journey came from (decision 026).
import type { FormState } from '../journey/form-state.ts';
import {
  CHECK_ANSWERS_PATH,
  GROUP_EDIT_PATH,
  INELIGIBLE_PATH,
  START_PATH,
  type JourneyPath,
  type StepPath,
} from '../journey/paths.ts';
import { editHref } from '../journey/page-forms.ts';
import { stepContext } from '../journey/progress.ts';
import { FIRST_APPLICANT_PATH, STEPS, findStep } from '../journey/steps.ts';

/** The step before `target` on the way through the journey with these answers (the start page before the first). */
function stepBefore(state: FormState, target: JourneyPath): JourneyPath | undefined {
  const context = stepContext(state);
  let previous: JourneyPath = START_PATH;
  let path: JourneyPath = STEPS[0]!.path;
  for (let guard = 0; guard <= STEPS.length; guard += 1) {
    if (path === target) return previous;
    const step = findStep(path);
    if (step === undefined) return undefined;
    previous = path;
    path = step.next(context);
  }
  return undefined;
}

/**
 * The address of the page before `path` (a page of the service), or undefined where none is
 * known: the start page, the complete page (sent applications cannot be taken back) and the
 * pages reached from anywhere (cookies, privacy and the like).
 */
export function previousPageOf(path: string, state: FormState): string | undefined {
  if (/^\/status\/[^/]+\/?$/i.test(path)) return '/status';
  if (path === '/place-of-departure') return '/travel-details';
  if (path === INELIGIBLE_PATH) return '/nationality';
  // The overview comes after the last member's check your answers: Go back opens it (the member
  // is not lost), as the overview's own back link does with JavaScript.
  if (path === GROUP_EDIT_PATH)
    return state.group.length > 0 ? editHref(state.group.length - 1) : '/what-would-you-like-to-do';
  const editing = state.changeIndex !== null;
  if (path === CHECK_ANSWERS_PATH) return editing ? GROUP_EDIT_PATH : stepBefore(state, CHECK_ANSWERS_PATH);
  if (findStep(path) === undefined) return undefined;
  // A Change link came from check your answers (or the group overview), and its answer returns there.
  if (state.isChanging) return state.changingFromGroup ? GROUP_EDIT_PATH : CHECK_ANSWERS_PATH;
  // The next member of a group is added from the group overview.
  if (path === FIRST_APPLICANT_PATH && state.group.length > 0) return GROUP_EDIT_PATH;
  return stepBefore(state, path as StepPath);
}
