import { describe, expect, expectTypeOf, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { STEPS, findStep, stepOfSection, type StepContext, type UnaskedSection } from './steps.ts';
import { SECTION_NAMES } from '../validation/sections.ts';
import type { JourneyPath } from './paths.ts';
import { CHECK_ANSWERS_PATH, INELIGIBLE_PATH } from './paths.ts';
import { INITIAL_FORM_STATE } from './form-state.ts';
import { journeyReducer } from './reducer.ts';
import ar from '../i18n/translations/ar.json';
import cy from '../i18n/translations/cy.json';
import en from '../i18n/translations/en.json';

const NOW = new Date('2026-03-02T10:00:00Z');

// Every situation a next() can meet: with and without sets to reuse, reused or not, eligible or not.
const contexts: StepContext[] = [];
for (const nationality of ['USA - American', 'RUS - Russian'])
  for (const travelSets of [0, 1])
    for (const workDateSets of [0, 2])
      for (const reusedTravel of [false, true])
        for (const reusedWorkDates of [false, true])
          contexts.push({ answers: { nationality }, travelSets, workDateSets, reusedTravel, reusedWorkDates });

function reachableFrom(start: JourneyPath): Set<JourneyPath> {
  const seen = new Set<JourneyPath>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const step = findStep(queue.shift()!);
    if (step === undefined) continue;
    for (const context of contexts) {
      const next = step.next(context);
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('the journey as data', () => {
  it('reaches every step from the first', () => {
    const reached = reachableFrom(STEPS[0]!.path);
    for (const step of STEPS) expect(reached, step.path).toContain(step.path);
  });

  it('leads only to steps, check your answers or /ineligible', () => {
    for (const step of STEPS) {
      for (const context of contexts)
        expect([...STEPS.map((s) => s.path), CHECK_ANSWERS_PATH, INELIGIBLE_PATH], step.path).toContain(
          step.next(context),
        );
    }
  });

  it('has no dead end: from every step, check your answers can be reached', () => {
    for (const step of STEPS) expect(reachableFrom(step.path), step.path).toContain(CHECK_ANSWERS_PATH);
  });

  it('sends /ineligible only from the nationality question', () => {
    const leadingThere = STEPS.filter((step) => contexts.some((context) => step.next(context) === INELIGIBLE_PATH));
    expect(leadingThere.map((step) => step.path)).toEqual(['/nationality']);
  });

  it('returns to check your answers from every question a Change link opens', () => {
    const answers = validApplicantAnswers(NOW);
    for (const step of STEPS.filter((s) => !s.path.startsWith('/reuse-'))) {
      const changing = journeyReducer(
        { ...INITIAL_FORM_STATE, isChanging: true },
        { type: 'submitStep', path: step.path, answers },
        NOW,
      );
      expect(changing.goTo, step.path).toBe(CHECK_ANSWERS_PATH);
    }
  });
});

describe('how long the start page says an application takes', () => {
  // About a minute a page: the pages of one worker (every question but the reuse ones, and check
  // your answers), and of each further group member who reuses the travel details and work dates.
  const questions = STEPS.map((step) => step.path);
  const onePerson = questions.filter((path) => !path.startsWith('/reuse-')).length + 1;
  const firstMemberQuestion = questions.indexOf('/passenger-name');
  const furtherMember =
    questions.slice(firstMemberQuestion).filter((path) => path !== '/travel-details' && path !== '/work-dates').length +
    1;

  it('stays honest as pages come and go: around 10 minutes for one worker, 5 for each further one', () => {
    expect(Math.abs(onePerson - 10)).toBeLessThanOrEqual(2);
    expect(Math.abs(furtherMember - 5)).toBeLessThanOrEqual(3);
  });

  it('is said in every language', () => {
    expect(en.start.howLong).toContain('around 10 minutes for one worker');
    expect(en.start.howLong).toContain('around 5 minutes');
    for (const texts of [cy, ar]) {
      expect(texts.start.howLong).toMatch(/10/);
      expect(texts.start.howLong).toMatch(/5/);
    }
  });
});

describe('the sections of the table of answers', () => {
  it('are each asked on a page of their own', () => {
    // A type error here: a section declared in answer-fields.ts that no step asks for.
    expectTypeOf<UnaskedSection>().toBeNever();
    for (const section of SECTION_NAMES) expect(stepOfSection(section).section).toBe(section);
  });
});
