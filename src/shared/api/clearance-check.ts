// The check page of pre-clearance documents: where the QR code on each document leads, and the
// query parameter that carries the document's signed token there.

/** The public check page, for officers and employers shown a pre-clearance document. */
export const CHECK_A_CLEARANCE_PATH = '/check-a-clearance';

/** The query parameter of the QR code's link holding the document's signed token (one letter: the QR code stays small). */
export const CLEARANCE_TOKEN_PARAMETER = 't';

/** Where anyone finds the public keys that verify a document's token offline. */
export const DOCUMENT_KEYS_PATH = '/.well-known/jwks.json';
