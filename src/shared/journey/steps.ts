// The journey as data: every question step, the section it answers and the step
// that follows. Pages render a step; they never decide where to go. Decision 011 records the
// order, why /place-of-departure is not a step of its own, and where the worker email is asked.
import { nationalityStatus } from '../countries/nationality-rules.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import type { SectionName } from '../validation/sections.ts';
import { CHECK_ANSWERS_PATH, INELIGIBLE_PATH, STEP_PATHS, type JourneyPath, type StepPath } from './paths.ts';

/** What the next step may depend on besides the answers: whether the group has sets to reuse. */
export interface StepContext {
  readonly answers: ApplicantAnswers;
  /** Distinct travel sets among the group's saved members. */
  readonly travelSets: number;
  /** Distinct work-date sets among the group's saved members. */
  readonly workDateSets: number;
  /** A travel set of another member was chosen for this applicant. */
  readonly reusedTravel: boolean;
  /** A work-date set of another member was chosen, and it fits this applicant's arrival. */
  readonly reusedWorkDates: boolean;
}

export interface Step {
  readonly path: StepPath;
  /** The section of the form state this step answers. */
  readonly section: SectionName;
  /** Asked once per application or group (the sponsor steps), or once per applicant. */
  readonly scope: 'sponsor' | 'applicant';
  /** The step after this one once it is answered; the check-your-answers page after the last. */
  next(context: StepContext): JourneyPath;
}

const afterCosReference = ({ travelSets }: StepContext): JourneyPath =>
  travelSets > 0 ? '/reuse-travel-details' : '/travel-details';
const afterTravel = ({ workDateSets }: StepContext): JourneyPath =>
  workDateSets > 0 ? '/reuse-work-dates' : '/work-dates';

// Each step's rules, keyed by its path: the type requires one for every path of STEP_PATHS.
const STEP_RULES = {
  '/your-contact-details': { section: 'sponsorContact', scope: 'sponsor', next: () => '/sponsor-details' },
  '/sponsor-details': { section: 'sponsorDetails', scope: 'sponsor', next: () => '/what-would-you-like-to-do' },
  '/what-would-you-like-to-do': { section: 'whatDo', scope: 'sponsor', next: () => '/passenger-name' },
  '/passenger-name': { section: 'passengerName', scope: 'applicant', next: () => '/passenger-date-of-birth' },
  '/passenger-date-of-birth': { section: 'passengerDob', scope: 'applicant', next: () => '/nationality' },
  '/nationality': {
    section: 'nationality',
    scope: 'applicant',
    // Eligibility is known as soon as the nationality is: no further question is asked in vain.
    next: ({ answers }) =>
      nationalityStatus(answers.nationality) === 'eligible' ? '/passport-details' : INELIGIBLE_PATH,
  },
  '/passport-details': { section: 'passport', scope: 'applicant', next: () => '/cos-reference' },
  '/cos-reference': { section: 'cosReference', scope: 'applicant', next: afterCosReference },
  '/reuse-travel-details': {
    section: 'travel',
    scope: 'applicant',
    // A set chosen: its travel details are this applicant's, and the travel page is skipped.
    next: (context) => (context.reusedTravel ? afterTravel(context) : '/travel-details'),
  },
  '/travel-details': { section: 'travel', scope: 'applicant', next: afterTravel },
  '/reuse-work-dates': {
    section: 'workDates',
    scope: 'applicant',
    next: ({ reusedWorkDates }) => (reusedWorkDates ? CHECK_ANSWERS_PATH : '/work-dates'),
  },
  '/work-dates': { section: 'workDates', scope: 'applicant', next: () => CHECK_ANSWERS_PATH },
} as const satisfies { readonly [P in StepPath]: Omit<Step, 'path'> };

/** The sections no step asks for: none, which steps.test.ts has the compiler check (a section of the table of answers needs its page). */
export type UnaskedSection = Exclude<SectionName, (typeof STEP_RULES)[StepPath]['section']>;

/** Every question step, in the order of the journey. */
export const STEPS: readonly Step[] = STEP_PATHS.map((path) => ({ path, ...STEP_RULES[path] }));

/** The paths of the sponsor steps: complete from the start for every member after the first. */
export const SPONSOR_PATHS: readonly StepPath[] = STEPS.filter((step) => step.scope === 'sponsor').map(
  (step) => step.path,
);

/** The first step of each applicant: adding an application starts there. */
export const FIRST_APPLICANT_PATH: StepPath = '/passenger-name';

/** The step at `path`, if it is one. */
export function findStep(path: string): Step | undefined {
  return STEPS.find((step) => step.path === path);
}

/** The step that asks for `section` on its own page (not a reuse page). */
export function stepOfSection(section: SectionName): Step {
  const step = STEPS.find((s) => s.section === section && !s.path.startsWith('/reuse-'));
  if (step === undefined) throw new Error(`No step asks for ${section}`);
  return step;
}
