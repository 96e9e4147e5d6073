// "Save and come back later" (the GOV.UK pattern): a sponsor's answers in progress, saved, are
// kept for SAVED_DRAFT_DAYS after the last save, and a link that opens them on any device is
// emailed to the draft's contact email. The link's token is a bearer secret that works once;
// each use emails a new one, so the sponsor always has a way back until the draft ends.

/** How long a saved draft, and the links to it, are kept after its last save. */
export const SAVED_DRAFT_DAYS = 28;

/** The page an emailed draft link opens. */
export const CONTINUE_APPLICATION_PATH = '/continue-application';

/** The page that asks where to send the link, when the answers hold no contact email yet. */
export const SAVE_APPLICATION_PATH = '/save-your-application';

/** The page that says the answers are saved and where the link went. */
export const APPLICATION_SAVED_PATH = '/application-saved';

/**
 * The query parameter of the two pages above naming the page of the journey that was being
 * answered, to which "Continue your application" returns.
 */
export const RETURN_PARAMETER = 'from';

/** The saved page's parameter when the email with the link is put off (too many to the address this hour). */
export const LATER_PARAMETER = 'later';

/** The parameter of the page a draft opened by its link lands on: it says so (once the address says so). */
export const OPENED_PARAMETER = 'opened';

/** The query parameter of a draft link that holds its token. */
export const DRAFT_TOKEN_PARAMETER = 'token';

const DAY_MS = 24 * 60 * 60_000;

/** The emailed link that opens a saved draft: the service's public address, the page and the token. */
export function draftLink(publicBaseUrl: string, token: string): string {
  const base = publicBaseUrl.replace(/\/+$/, '');
  return `${base}${CONTINUE_APPLICATION_PATH}?${DRAFT_TOKEN_PARAMETER}=${encodeURIComponent(token)}`;
}

/** The instant a draft saved at `savedAt` ends, and its link with it (SAVED_DRAFT_DAYS of 24 hours later). */
export function draftExpiry(savedAt: Date): Date {
  return new Date(savedAt.getTime() + SAVED_DRAFT_DAYS * DAY_MS);
}
