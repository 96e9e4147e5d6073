// Where a saved application opens when its link is used (decision 040): the page it was saved on,
// unless its answers no longer pass the rules (a date now too close, or past): then the first page
// with a problem, which shows its error. A group member already added whose answers no longer pass
// is opened for changes, at its own first page with a problem, when no other member is being
// answered (opening it then would put aside that member's answers).
import { answersOf, type FormState } from './form-state.ts';
import { firstStaleMember } from './page-forms.ts';
import { firstIncompletePath, resolvePath } from './progress.ts';
import { journeyReducer } from './reducer.ts';
import { STEPS } from './steps.ts';
import type { JourneyPath } from './paths.ts';

/** The answers of the applicant being answered, beyond the sponsor's: none for a group's next member not yet begun. */
function hasOwnAnswers(state: FormState): boolean {
  const answers = answersOf(state.current);
  return STEPS.filter((step) => step.scope === 'applicant').some((step) =>
    Object.entries(state.current[step.section] ?? {}).some(([field]) => {
      const value = answers[field as keyof typeof answers];
      return typeof value === 'string' ? value.trim() !== '' : Object.values(value ?? {}).some((part) => part !== '');
    }),
  );
}

/** The state a saved application opens with, and its page, when it was saved on the page `saved`. */
export function resumeAt(state: FormState, saved: JourneyPath, now: Date): { state: FormState; path: JourneyPath } {
  const stale = state.changeIndex === null && !hasOwnAnswers(state) ? firstStaleMember(state, now) : -1;
  if (stale >= 0) {
    const opened = journeyReducer(state, { type: 'editApplication', index: stale }, now).state;
    return { state: opened, path: firstIncompletePath(opened, now) };
  }
  // The page saved on, or the first before it whose answers no longer pass (check your answers
  // checks every answer of the applicant).
  return { state, path: resolvePath(state, saved, now) };
}
