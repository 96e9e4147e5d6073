import { FORM_TOKEN_FIELD } from '#shared/pages/form-token.ts';
import { usePageData } from './page-data-context.ts';

/** The hidden field every form carries: the server refuses a form sent without the browser's token. */
export function FormTokenField() {
  return <input type="hidden" name={FORM_TOKEN_FIELD} value={usePageData().formToken} />;
}
