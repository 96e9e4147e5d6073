// Where the QR code on each pre-clearance document leads (decision 027), apart from the check
// call's schemas so that the route table names the page without loading them.

/** The public check page, for officers and employers shown a pre-clearance document. */
export const CHECK_A_CLEARANCE_PATH = '/check-a-clearance';

/** The query parameter of the QR code's link holding the document's signed token (one letter: the QR code stays small). */
export const CLEARANCE_TOKEN_PARAMETER = 't';

/** Where anyone finds the public keys that verify a document's token offline. */
export const DOCUMENT_KEYS_PATH = '/.well-known/jwks.json';

/**
 * The query parameter of "Check another document" after a "not valid" answer: the check code typed,
 * filled in again (the code alone is no secret, decision 027; the date of birth never goes in a link).
 */
export const CLEARANCE_CODE_PARAMETER = 'code';
