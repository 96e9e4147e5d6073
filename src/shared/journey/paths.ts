// The journey's paths, and where Exit leads. Apart from the steps' rules (steps.ts) so that the
// shared frame and the route table, in the first load, can name a page without loading the
// journey's rules (and the country list they need).

/** The paths of the question steps, in the order of the journey (steps.ts gives each its rules). */
export const STEP_PATHS = [
  '/your-contact-details',
  '/sponsor-details',
  '/what-would-you-like-to-do',
  '/passenger-name',
  '/passenger-date-of-birth',
  '/nationality',
  '/passport-details',
  '/cos-reference',
  '/reuse-travel-details',
  '/travel-details',
  '/reuse-work-dates',
  '/work-dates',
] as const;

/** The path of a question step. */
export type StepPath = (typeof STEP_PATHS)[number];

/** Pages of the journey that are not question steps. */
export const CHECK_ANSWERS_PATH = '/check-your-answers';
/** The group overview. */
export const GROUP_EDIT_PATH = '/group-edit';
/** Where the receipts are shown. */
export const COMPLETE_PATH = '/complete';
/** Where an ineligible nationality leads. */
export const INELIGIBLE_PATH = '/ineligible';
/** The start page. */
export const START_PATH = '/';
/** The national government home page, where Exit leads. */
export const EXIT_URL = 'https://www.gov.uk/';

/** Any page the journey can send the user to. */
export type JourneyPath =
  | StepPath
  | typeof CHECK_ANSWERS_PATH
  | typeof GROUP_EDIT_PATH
  | typeof COMPLETE_PATH
  | typeof INELIGIBLE_PATH
  | typeof START_PATH;

/** The pages of the journey after the start page. */
export const JOURNEY_PAGE_PATHS: readonly JourneyPath[] = [
  ...STEP_PATHS,
  CHECK_ANSWERS_PATH,
  GROUP_EDIT_PATH,
  COMPLETE_PATH,
  INELIGIBLE_PATH,
];
