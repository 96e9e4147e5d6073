// The journey's pages that are not question steps, and where Exit leads. Apart from the steps
// (steps.ts) so that the shared frame can name a page without loading the journey's rules.
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
/** The national government home page, where Exit leads (spec §2). */
export const EXIT_URL = 'https://www.gov.uk/';

