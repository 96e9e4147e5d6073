// Apart from the form state module so that the app frame (the Exit link, the cookies page)
// can name the key without loading the journey's code.
/** The session-storage key under which the answers in progress are kept. */
export const FORM_STATE_STORAGE_KEY = 'state';
