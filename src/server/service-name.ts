// The service's name for what the server writes in English only (the PDF's metadata and header,
// logs); the emails take theirs, in each language, from the translation files' `email.service`
// (decision 032), as the web pages take theirs from the translations.

/** The service's name as a title, in GOV.UK sentence case. */
export const SERVICE_NAME = 'Creative worker visa concession remote clearance';
