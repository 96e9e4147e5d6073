// A certificate of sponsorship is for one worker: two members of a group with the same number
// is most likely a typing slip or a member added twice. The pages warn of it (a warning, not an
// error: the sponsor may still send), from the answers alone, so the browser and the server's
// rendering of the same page agree.
import { memberName } from '../domain/answers.ts';
import { answersOf, type FormState } from './form-state.ts';

/** A COS number as compared: spaces dropped, letters in capitals. */
export function comparableCosReference(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}

/** The names of the other group members with the current applicant's COS number (the member being edited left out). */
export function membersWithCurrentCosReference(state: FormState): string[] {
  const current = comparableCosReference(answersOf(state.current)['cos-reference']);
  if (current === '') return [];
  return state.group.flatMap((member, index) => {
    const answers = answersOf(member);
    return index !== state.changeIndex && comparableCosReference(answers['cos-reference']) === current
      ? [memberName(answers)]
      : [];
  });
}

/** The names of the group members whose COS number another member also has, in the group's order. */
export function membersSharingCosReference(state: FormState): string[] {
  const numbers = state.group.map((member) => comparableCosReference(answersOf(member)['cos-reference']));
  return state.group.flatMap((member, index) =>
    numbers[index] !== '' && numbers.some((other, at) => at !== index && other === numbers[index])
      ? [memberName(answersOf(member))]
      : [],
  );
}
