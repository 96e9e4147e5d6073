/** The session-storage key under which the answers in progress are kept (spec §3, §9). */
export const FORM_STATE_STORAGE_KEY = 'state';
