import { describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { STEPS, findStep, type StepContext } from './steps.ts';
import type { JourneyPath } from './paths.ts';
import { CHECK_ANSWERS_PATH, INELIGIBLE_PATH } from './paths.ts';
import { INITIAL_FORM_STATE } from './form-state.ts';
import { journeyReducer } from './reducer.ts';

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
