// The service's name for what the server writes (emails, PDF documents); the web pages take
// theirs from the translations (src/web/i18n), where every user-facing string of the SPA lives.

/** The service's name as a title, in GOV.UK sentence case. */
export const SERVICE_NAME = 'Creative worker visa concession remote clearance';

/** The service's name inside a sentence: sentence case leaves only its first letter to lower. */
export const SERVICE_NAME_IN_SENTENCE = `${SERVICE_NAME.charAt(0).toLowerCase()}${SERVICE_NAME.slice(1)}`;

/**
 * The service's short name, first in every email's subject: an inbox shows the subject cut short,
 * and the full name would leave no room for the reference.
 */
export const SHORT_SERVICE_NAME = 'Creative worker concession';
