import type { Translate } from './use-translation.ts';

/**
 * A field's error message with its hidden "Error:" prefix in the page's language: screen
 * readers announce the prefix before the message (GOV.UK error message pattern).
 */
export function fieldError(t: Translate, text: string): { text: string; visuallyHiddenText: string } {
  return { text, visuallyHiddenText: t('common.error') };
}
