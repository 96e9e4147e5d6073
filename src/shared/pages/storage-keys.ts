// What the browser keeps in session storage, by key, apart from the modules that use it so that
// the app's router and the cookies page can name it without loading the journey's code.
/**
 * The session-storage key of the spec's copy of the answers in progress: written from the server's
 * answer after each step (the server keeps the answers, decision 040), never read back as answers.
 */
export const FORM_STATE_STORAGE_KEY = 'state';
