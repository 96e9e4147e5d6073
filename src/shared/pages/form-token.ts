// Every form of the service carries a token that the server checks against a cookie of its own
// (double submit): a page of another site can make the browser send a form here, but it cannot
// read the token to put in it (decision 023).

/** The cookie that holds the browser's form token (HttpOnly, SameSite=Lax). */
export const FORM_TOKEN_COOKIE = 'formToken';

/** The name of the hidden field that carries it in every form. */
export const FORM_TOKEN_FIELD = 'form-token';
