// A certificate of sponsorship is for one worker: the same number twice, in a group or in another
// application already sent, is most likely a typing slip or a worker entered twice. The pages warn
// of it (a warning, not an error: the sponsor may still send). Within a group, from the answers
// alone; against other applications, from what the server found (cos-references-in-use.ts), which
// the server's rendering looks up itself, so the browser and a browser without JavaScript agree.
import { memberName } from '../domain/answers.ts';
import { answersOf, type ApplicantSections, type FormState } from './form-state.ts';

// The white space of JavaScript's `\s`, listed: the database drops the very same characters
// (comparable_cos_reference, migration 011), whatever its locale. Control characters other than
// these never reach an answer (characters.ts).
const SPACES = /[\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]/g;

/** A COS number as compared: white space dropped, the letters a–z in capitals (as the database compares them). */
export function comparableCosReference(value: string | undefined): string {
  return (value ?? '').replace(SPACES, '').replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

const cosOf = (member: ApplicantSections) => comparableCosReference(answersOf(member)['cos-reference']);

/** The names of the other group members with the current applicant's COS number (the member being edited left out). */
export function membersWithCurrentCosReference(state: FormState): string[] {
  const current = cosOf(state.current);
  if (current === '') return [];
  return state.group.flatMap((member, index) =>
    index !== state.changeIndex && cosOf(member) === current ? [memberName(answersOf(member))] : [],
  );
}

/** The names of the group members whose COS number another member also has, in the group's order. */
export function membersSharingCosReference(state: FormState): string[] {
  const numbers = state.group.map(cosOf);
  return state.group.flatMap((member, index) =>
    numbers[index] !== '' && numbers.some((other, at) => at !== index && other === numbers[index])
      ? [memberName(answersOf(member))]
      : [],
  );
}

/**
 * The COS numbers of the answers (the group's members and the current applicant), as compared,
 * once each and sorted: what the pages that warn ask the server about.
 */
export function cosReferencesOfAnswers(state: FormState): string[] {
  const numbers = [...state.group, state.current].map(cosOf).filter((number) => number !== '');
  return [...new Set(numbers)].sort();
}

/** True when the current applicant's COS number is among `inUse` (numbers as compared). */
export function currentCosReferenceInUse(state: FormState, inUse: readonly string[]): boolean {
  const current = cosOf(state.current);
  return current !== '' && inUse.includes(current);
}

/** The names of the group members whose COS number is among `inUse`, in the group's order. */
export function membersWithCosReferenceInUse(state: FormState, inUse: readonly string[]): string[] {
  return state.group.flatMap((member) => {
    const number = cosOf(member);
    return number !== '' && inUse.includes(number) ? [memberName(answersOf(member))] : [];
  });
}
