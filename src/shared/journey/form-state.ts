// The form state: the group, the receipts, the errors per section, the current
// applicant by section, change mode, the completed paths and the reuse flags. Kept in session
// storage under `state`; whatever comes back from there is checked before it is used.
import * as v from 'valibot';
import type { ApplicantAnswers } from '../domain/answers.ts';
import type { Receipt } from '../domain/receipt.ts';
import type { FieldErrors } from '../validation/fields.ts';
import { SECTION_FIELDS, SECTION_NAMES, type SectionField, type SectionName } from '../validation/sections.ts';
import { STEPS } from './steps.ts';
import type { StepPath } from './paths.ts';

/** The answers of one applicant by section. */
export type ApplicantSections = { readonly [S in SectionName]?: Pick<ApplicantAnswers, SectionField<S>> };

/** Errors are kept per section; the reuse pages have one of their own each, and the group overview too. */
export type ErrorSection = SectionName | 'reuseTravel' | 'reuseWorkDates' | 'group';

/** The group id and creation time of a submission tried and not yet answered, so that trying again sends the same body. */
export interface SubmissionAttempt {
  readonly formGroupId: string;
  readonly createdDate: string;
  /** The answers sent, so that an attempt is reused only for the very same answers. */
  readonly fingerprint: string;
}

export interface FormState {
  /** Applicants saved to the group, awaiting submission. */
  readonly group: readonly ApplicantSections[];
  /** What the complete page shows for the applications last sent. */
  readonly receipts: readonly Receipt[];
  readonly errors: { readonly [S in ErrorSection]?: FieldErrors };
  /** The applicant being answered (with the sponsor's answers). */
  readonly current: ApplicantSections;
  /** The group member being edited, or null. */
  readonly changeIndex: number | null;
  /** A Change link was followed: the next answer returns to check your answers. */
  readonly isChanging: boolean;
  /** Paths answered. */
  readonly complete: readonly StepPath[];
  /** The current applicant's travel details or work dates were taken from another member. */
  readonly reuse: { readonly travel: boolean; readonly workDates: boolean };
  /** The work dates chosen for reuse did not fit this member's arrival date: the work-dates page says so. */
  readonly reusedWorkDatesDidNotFit: boolean;
  /** The travel details chosen for reuse broke a rule for this member (passport expiry, work dates): the travel page says so. */
  readonly reusedTravelDidNotFit: boolean;
  /** A sponsor answer is being changed from the group overview: answering it returns there rather than to check your answers. */
  readonly changingFromGroup: boolean;
  readonly submission: SubmissionAttempt | null;
}

/** The state of a new visit. */
export const INITIAL_FORM_STATE: FormState = {
  group: [],
  receipts: [],
  errors: {},
  current: {},
  changeIndex: null,
  isChanging: false,
  complete: [],
  reuse: { travel: false, workDates: false },
  reusedWorkDatesDidNotFit: false,
  reusedTravelDidNotFit: false,
  changingFromGroup: false,
  submission: null,
};

/** All the answers of an applicant in one object, keyed by answer key. */
export function answersOf(sections: ApplicantSections): ApplicantAnswers {
  return Object.assign({}, ...SECTION_NAMES.map((section) => sections[section] ?? {})) as ApplicantAnswers;
}

/** The answers of one section, taken from all the answers (other keys dropped). */
export function sectionAnswers<S extends SectionName>(
  section: S,
  answers: ApplicantAnswers,
): NonNullable<ApplicantSections[S]> {
  const part: Record<string, unknown> = {};
  for (const field of SECTION_FIELDS[section]) if (answers[field] !== undefined) part[field] = answers[field];
  return part as NonNullable<ApplicantSections[S]>;
}

/**
 * The most characters of a typed answer kept: more than any field allows (its rule then says how
 * many it does), few enough that the answers of a whole group fit in what a session keeps.
 */
export const MAX_TYPED_CHARACTERS = 500;

/** A typed value cut to MAX_TYPED_CHARACTERS characters (whole characters, in any script). */
export function clipTyped(value: string): string {
  return value.length <= MAX_TYPED_CHARACTERS ? value : [...value].slice(0, MAX_TYPED_CHARACTERS).join('');
}

// What a saved state must look like to be used: anything else (an older version, a hand-edited
// value, a broken write) is thrown away rather than breaking the page. A text too long is cut
// rather than refused: one long answer must not cost every other.
const text = v.pipe(v.string(), v.transform(clipTyped));
const dateParts = v.object({ day: text, month: text, year: text });
const answersSchema = v.record(v.string(), v.union([text, dateParts]));
const sectionsSchema = v.partial(
  v.object(
    Object.fromEntries(SECTION_NAMES.map((s) => [s, answersSchema])) as Record<SectionName, typeof answersSchema>,
  ),
);
const stepPaths = STEPS.map((step) => step.path) as [StepPath, ...StepPath[]];
const savedStateSchema = v.object({
  group: v.pipe(v.array(sectionsSchema), v.maxLength(50)),
  receipts: v.array(
    v.object({ applicationReference: text, groupRef: text, workerName: text, sponsorEmail: text, cosReference: text }),
  ),
  errors: v.record(v.string(), v.record(v.string(), text)),
  current: sectionsSchema,
  changeIndex: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  isChanging: v.boolean(),
  complete: v.array(v.picklist(stepPaths)),
  reuse: v.object({ travel: v.boolean(), workDates: v.boolean() }),
  reusedWorkDatesDidNotFit: v.boolean(),
  // Added later: a state saved before them reads as false rather than being thrown away.
  reusedTravelDidNotFit: v.optional(v.boolean(), false),
  changingFromGroup: v.optional(v.boolean(), false),
  submission: v.nullable(v.object({ formGroupId: text, createdDate: text, fingerprint: v.string() })),
});

/** The saved state as text. */
export function serialiseFormState(state: FormState): string {
  return JSON.stringify(state);
}

/** A saved state read back, or the initial state when there is none or it is not a state this version knows. */
export function parseSavedFormState(saved: string | null): FormState {
  if (saved === null) return INITIAL_FORM_STATE;
  try {
    const parsed = v.safeParse(savedStateSchema, JSON.parse(saved));
    return parsed.success ? (parsed.output as FormState) : INITIAL_FORM_STATE;
  } catch {
    return INITIAL_FORM_STATE;
  }
}
