// The sponsor licence number on the status page: one rule for the page, before it
// sends the number, and for the server, before it compares it with the stored one. Kept apart
// from sections.ts so the status pages load it without every answer's checks.
import { asciiDigits } from '../text/ascii-digits.ts';
import type { RuleName } from './fields.ts';

/** The licence number as compared with the one stored: trimmed, in any case, its digits in ASCII (decision 031). */
export function normaliseLicenceNumber(value: string): string {
  return asciiDigits(value).trim().toUpperCase();
}

/** Validates the licence number typed on the status page (the server answers the other two rules). */
export function validateSponsorLicenceNumber(value: string | undefined): {
  'sponsor-licence-number'?: Extract<RuleName<'sponsor-licence-number'>, 'required'>;
} {
  return normaliseLicenceNumber(value ?? '') === '' ? { 'sponsor-licence-number': 'required' } : {};
}
