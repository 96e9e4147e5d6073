import { createContext, useContext } from 'react';
import { FORM_TOKEN_FIELD } from '#shared/pages/form-token.ts';

/** The browser's form token, as the server wrote it into the page. */
export const FormTokenContext = createContext('');

/** The hidden field every form carries: the server refuses a form sent without the browser's token. */
export function FormTokenField() {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={useContext(FormTokenContext)} />;
}
