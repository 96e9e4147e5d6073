// The check code printed on each pre-clearance document: what an officer or an employer types on
// the check page, with the worker's date of birth, to see the live answer. Written with the
// references' alphabet and check character (decision 013), so it is read out and typed the same
// way, but shorter and without the "CWC" prefix, so it is never taken for a reference: K3M9-QF2X-F.
import { checkedCharacters, randomReferenceCharacters, referenceCheckCharacter } from './application-reference.ts';

/** 40 random bits: a code alone opens nothing (the date of birth is asked too, attempts are counted). */
const CHECK_CODE_DATA_LENGTH = 8;

function format(data: string): string {
  return `${data.slice(0, 4)}-${data.slice(4)}-${referenceCheckCharacter(data)}`;
}

/** A new check code from `randomBytes`. */
export function newCheckCode(randomBytes: (count: number) => Uint8Array): string {
  return format(randomReferenceCharacters(randomBytes, CHECK_CODE_DATA_LENGTH));
}

/** The check code a person typed, written the service's way, or undefined when it is not one. */
export function parseCheckCode(typed: string): string | undefined {
  const data = checkedCharacters(typed, CHECK_CODE_DATA_LENGTH);
  return data === undefined ? undefined : format(data);
}
