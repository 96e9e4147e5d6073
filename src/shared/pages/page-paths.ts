// Every page of the service, in one list: the browser's route table must give each a component
// (the type checker refuses one left out), and the server answers any other address by sending
// the user to the start page, as the browser's router does, so that it happens without
// JavaScript too. Paths are in React Router's syntax, so both sides match them with its matchPath.
import { CHECK_A_CLEARANCE_PATH } from '../api/clearance-check-link.ts';
import { EXIT_PATH } from './exit-button.ts';
import { FEEDBACK_PATH } from '../api/feedback.ts';
import { JOURNEY_PAGE_PATHS, START_PATH, type JourneyPath } from '../journey/paths.ts';
import { APPLICATION_SAVED_PATH, CONTINUE_APPLICATION_PATH, SAVE_APPLICATION_PATH } from './saved-drafts.ts';

/** The page for a new status link without the email (decision 041). */
export const STATUS_LINK_RECOVERY_PATH = '/get-status-link';

/** One application of a submission in detail, by its place in the status list. */
export const STATUS_APPLICANT_PATH = '/status/:applicantIndex';

/** The pages outside the journey, in React Router's syntax (`:name` is one path segment). */
const OTHER_PAGE_PATHS = [
  '/place-of-departure',
  '/status',
  STATUS_APPLICANT_PATH,
  '/terms-and-conditions',
  '/privacy-policy',
  '/cookies',
  '/accessibility',
  CHECK_A_CLEARANCE_PATH,
  EXIT_PATH,
  FEEDBACK_PATH,
  STATUS_LINK_RECOVERY_PATH,
  SAVE_APPLICATION_PATH,
  APPLICATION_SAVED_PATH,
  CONTINUE_APPLICATION_PATH,
] as const;

/** The path of a page of the service. */
export type PagePath = JourneyPath | (typeof OTHER_PAGE_PATHS)[number];

/** Every page's path. */
export const PAGE_PATHS: readonly PagePath[] = [START_PATH, ...JOURNEY_PAGE_PATHS, ...OTHER_PAGE_PATHS];

/** Other spellings of a page, kept so they still lead somewhere ("/reuse-travel"). */
export const PAGE_ALIASES: Readonly<Record<string, PagePath>> = {
  '/reuse-travel': '/reuse-travel-details',
};
