// The travel details and work dates a group member can take from the members already saved
// instead of answering again: each distinct set once, in the order first met.
import { parseDateParts, toDateParts } from '../dates/date-parts.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import { SECTION_FIELDS } from '../validation/sections.ts';
import { answersOf, type ApplicantSections } from './form-state.ts';
import { listedWorkerName } from '../domain/worker-name.ts';

/** What can be reused: the travel section or the work dates. */
export type ReuseKind = 'travel' | 'workDates';

/** One distinct set and the members who have it. */
export interface ReuseSet {
  readonly answers: ApplicantAnswers;
  /** "family, given" of each member with this set, for the page to say whose it is. */
  readonly memberNames: readonly string[];
}

const pick = (answers: ApplicantAnswers, kind: ReuseKind): ApplicantAnswers => {
  const chosen: Record<string, unknown> = {};
  for (const field of SECTION_FIELDS[kind]) {
    const value = answers[field];
    // Carrier and flight number typed before switching to road are not part of a road journey.
    const unused =
      kind === 'travel' &&
      answers['method-of-arrival'] !== 'plane' &&
      (field === 'carrier' || field === 'flight-number');
    if (value === undefined || unused) continue;
    // "01" and "1" are the same day: dates are compared as days, written the one way.
    const day = typeof value === 'string' ? null : parseDateParts(value);
    chosen[field] = typeof value === 'string' ? value.trim() : day === null ? value : toDateParts(day);
  }
  return chosen as ApplicantAnswers;
};

/** The distinct sets of `kind` among the group, leaving out the member at `exceptIndex` (the one being edited). */
export function reuseSets(
  group: readonly ApplicantSections[],
  kind: ReuseKind,
  exceptIndex: number | null = null,
): ReuseSet[] {
  const sets = new Map<string, { answers: ApplicantAnswers; memberNames: string[] }>();
  group.forEach((member, index) => {
    if (index === exceptIndex) return;
    const answers = answersOf(member);
    const set = pick(answers, kind);
    if (Object.keys(set).length === 0) return;
    const key = JSON.stringify(set);
    const name = listedWorkerName(answers['family-name'] ?? '', answers['given-name'] ?? '');
    const existing = sets.get(key);
    if (existing === undefined) sets.set(key, { answers: set, memberNames: [name] });
    else existing.memberNames.push(name);
  });
  return [...sets.values()];
}
