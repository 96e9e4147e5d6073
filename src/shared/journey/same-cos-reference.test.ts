import { describe, expect, it } from 'vitest';
import { INITIAL_FORM_STATE, type ApplicantSections, type FormState } from './form-state.ts';
import {
  comparableCosReference,
  cosReferencesOfAnswers,
  currentCosReferenceInUse,
  membersSharingCosReference,
  membersWithCosReferenceInUse,
  membersWithCurrentCosReference,
} from './same-cos-reference.ts';

const member = (family: string, cos: string): ApplicantSections => ({
  passengerName: { 'family-name': family, 'given-name': 'Ann' },
  cosReference: { 'cos-reference': cos },
});
const state = (
  group: ApplicantSections[],
  current: ApplicantSections,
  changeIndex: number | null = null,
): FormState => ({
  ...INITIAL_FORM_STATE,
  group,
  current,
  changeIndex,
});

describe('the same COS number twice in a group', () => {
  it('compares numbers without spaces and case', () => {
    expect(comparableCosReference(' c2g8 k512 ')).toBe('C2G8K512');
    expect(comparableCosReference('c2g8\u00A0k5\u3000\t12')).toBe('C2G8K512');
  });

  it('puts a–z only in capitals, as the database does whatever its locale', () => {
    expect(comparableCosReference('éß-ıq')).toBe('éß-ıQ');
  });

  it('names the other members with the current applicant’s number, not the member being edited', () => {
    const group = [member('Byrne', 'C2G8K51'), member('Walsh', 'X9'), member('Kelly', 'c2g8k51 ')];
    expect(membersWithCurrentCosReference(state(group, member('New', 'C2G8K51')))).toEqual(['Ann Byrne', 'Ann Kelly']);
    expect(membersWithCurrentCosReference(state(group, member('Byrne', 'C2G8K51'), 0))).toEqual(['Ann Kelly']);
    expect(membersWithCurrentCosReference(state(group, member('New', 'OTHER')))).toEqual([]);
    expect(membersWithCurrentCosReference(state(group, member('New', '')))).toEqual([]);
  });

  it('names every member whose number another member has', () => {
    const group = [member('Byrne', 'C2G8K51'), member('Walsh', 'X9'), member('Kelly', 'C2G8K51'), member('Ryan', '')];
    expect(membersSharingCosReference(state(group, {}))).toEqual(['Ann Byrne', 'Ann Kelly']);
    expect(membersSharingCosReference(state([member('Byrne', 'A'), member('Walsh', 'B')], {}))).toEqual([]);
  });
});

describe('COS numbers given in other applications', () => {
  const group = [member('Byrne', 'C2G8K51'), member('Walsh', 'x 9'), member('Kelly', 'c2g8k51'), member('Ryan', '')];

  it('asks about every number of the answers once, as compared, sorted', () => {
    expect(cosReferencesOfAnswers(state(group, member('New', 'b7')))).toEqual(['B7', 'C2G8K51', 'X9']);
    expect(cosReferencesOfAnswers(state([], {}))).toEqual([]);
  });

  it('names the current applicant’s number and the members’ numbers found in use', () => {
    expect(currentCosReferenceInUse(state(group, member('New', ' x9')), ['X9'])).toBe(true);
    expect(currentCosReferenceInUse(state(group, member('New', 'B7')), ['X9'])).toBe(false);
    expect(currentCosReferenceInUse(state(group, member('New', '')), [''])).toBe(false);
    expect(membersWithCosReferenceInUse(state(group, {}), ['C2G8K51'])).toEqual(['Ann Byrne', 'Ann Kelly']);
    expect(membersWithCosReferenceInUse(state(group, {}), [])).toEqual([]);
  });
});
