// Values every submission carries whatever the answers. Decision 006 says why
// the declaration is PersonListed.
import type { Declaration } from './answers.ts';

/** The purpose of stay of every application: working in the creative industries. */
export const PURPOSE_OF_STAY = 'Working in the creative industries';

/** The declaration of every application: made by a sponsor acting for an organisation. */
export const DECLARATION: Declaration = 'PersonListed';

/** The country every applicant departs from. */
export const COUNTRY_OF_DEPARTURE = 'Ireland';

/** The most applications one submission may carry. */
export const MAX_GROUP_SIZE = 10;

/** The prefix of a group id, followed by an uppercase UUID. */
export const GROUP_ID_PREFIX = 'CWC-';
