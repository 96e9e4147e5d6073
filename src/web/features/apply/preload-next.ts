// The pages a journey page can lead to, whose code loads while the user answers it (usePreloadPages),
// so that Continue shows the next page at once rather than the spinner of a page still loading.
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import { CHECK_ANSWERS_PATH, COMPLETE_PATH, GROUP_EDIT_PATH, START_PATH } from '#shared/journey/paths.ts';
import { FIRST_APPLICANT_PATH, STEPS, findStep } from '#shared/journey/steps.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';

// Where the pages that are not question steps lead: sending, the group, and Change links.
const AFTER: Partial<Record<string, readonly string[]>> = {
  [CHECK_ANSWERS_PATH]: [COMPLETE_PATH, GROUP_EDIT_PATH, ...STEPS.map((step) => step.path)],
  [GROUP_EDIT_PATH]: [FIRST_APPLICANT_PATH, CHECK_ANSWERS_PATH, COMPLETE_PATH],
  [COMPLETE_PATH]: [START_PATH],
};

const FLAGS = [false, true];

/**
 * The pages the journey can go to from `path` with these answers: a step's next step in every
 * group situation (with or without sets to reuse, reused or not) and check your answers (where
 * a change returns), or the fixed destinations of the other pages.
 */
export function destinationsOf(path: string, answers: ApplicantAnswers): string[] {
  const step = findStep(path);
  if (step === undefined) return [...(AFTER[path] ?? [])];
  const found = new Set<JourneyPath>([CHECK_ANSWERS_PATH]);
  for (const travelSets of [0, 1])
    for (const workDateSets of [0, 1])
      for (const reusedTravel of FLAGS)
        for (const reusedWorkDates of FLAGS)
          found.add(step.next({ answers, travelSets, workDateSets, reusedTravel, reusedWorkDates }));
  found.delete(step.path);
  return [...found];
}
