// What the browser keeps in session storage, by key. Apart from the modules that use them so that
// the app frame (the Exit link, the cookies page, the choice to hydrate) can name them without
// loading the journey's or the status page's code.
/** The session-storage key under which the answers in progress are kept. */
export const FORM_STATE_STORAGE_KEY = 'state';
/** The session-storage key under which the browser keeps a status link's token (listed on the cookies page). */
export const STATUS_TOKEN_STORAGE_KEY = 'statusToken';
