// What a member of staff types, read the one way every casework service reads it: an application
// reference, and the free text of a reason or note that goes into the audit log.
import { parseApplicationReference } from '#shared/domain/application-reference.ts';
import { normalisePassportNumber } from '#shared/domain/passport-number.ts';
import { foldForSearch } from '#shared/search/person-search.ts';
import { hasForbiddenCharacters, hasForbiddenCharactersInText } from '#shared/validation/characters.ts';

/** The longest reason or note kept (the audit table's CHECK says the same). */
export const MAX_NOTE_LENGTH = 1000;

/** A field the service refused, and why. */
export interface InvalidInput {
  readonly outcome: 'invalid';
  readonly field: string;
  readonly problem: 'required' | 'unknown' | 'too-long' | 'characters' | 'personal-data' | 'format' | 'range';
}

/** The longest reference (or legacy id) looked up. */
const MAX_REFERENCE_LENGTH = 100;

/**
 * The applicant id a typed reference names: a reference in any form the CLI accepts (any case,
 * dashes or not, CWC prefix or not) written the service's way, anything else (an id from before
 * references) as it is. Refused when empty, too long, or holding hidden characters (PostgreSQL
 * refuses NUL, and an escape sequence echoed back would act on a terminal).
 */
export function readReference(typed: string): { readonly applicantId: string } | InvalidInput {
  const trimmed = typed.trim();
  if (trimmed === '') return { outcome: 'invalid', field: 'reference', problem: 'required' };
  if (trimmed.length > MAX_REFERENCE_LENGTH) return { outcome: 'invalid', field: 'reference', problem: 'too-long' };
  if (hasForbiddenCharacters(trimmed)) return { outcome: 'invalid', field: 'reference', problem: 'characters' };
  return { applicantId: parseApplicationReference(trimmed) ?? trimmed };
}

/**
 * A reason or note as kept: trimmed, undefined when empty; refused when longer than
 * MAX_NOTE_LENGTH or holding hidden characters other than line breaks.
 */
export function readNote(
  field: string,
  typed: string | undefined,
): { readonly note: string | undefined } | InvalidInput {
  const note = (typed ?? '').trim();
  if (note === '') return { note: undefined };
  if (note.length > MAX_NOTE_LENGTH) return { outcome: 'invalid', field, problem: 'too-long' };
  if (hasForbiddenCharactersInText(note)) return { outcome: 'invalid', field, problem: 'characters' };
  return { note };
}

const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/u;

/** What of the application a note must not repeat: the audit log holds no personal data. */
export interface PersonalDetails {
  readonly passportNumber: string | null;
  readonly familyName: string | null;
  readonly givenNames: string | null;
}

/**
 * True when the note looks like it holds personal data: an email address, the application's
 * passport number, or one of the worker's names (a word of 3 letters or more, compared as the
 * search compares names). It cannot catch everything (another person's name, a phone number);
 * the console says so beside the box.
 */
export function holdsPersonalData(note: string, details: PersonalDetails): boolean {
  if (EMAIL_LIKE.test(note)) return true;
  const words = new Set(foldForSearch(note).split(' '));
  if (details.passportNumber !== null) {
    const compact = note.replace(/[^\p{L}\p{N}]+/gu, '').toUpperCase();
    const tokens = note.split(/[^\p{L}\p{N}-]+/u).map((token) => normalisePassportNumber(token));
    if (tokens.includes(details.passportNumber)) return true;
    if (details.passportNumber.length >= 6 && compact.includes(details.passportNumber)) return true;
  }
  const names = [details.familyName, details.givenNames]
    .flatMap((name) => foldForSearch(name ?? '').split(' '))
    .filter((name) => name.length >= 3);
  return names.some((name) => words.has(name));
}
