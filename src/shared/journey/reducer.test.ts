import { describe, expect, it } from 'vitest';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { addDays, londonToday } from '../dates/calendar.ts';
import { toDateParts } from '../dates/date-parts.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import { SECTION_NAMES } from '../validation/sections.ts';
import {
  INITIAL_FORM_STATE,
  answersOf,
  parseSavedFormState,
  sectionAnswers,
  serialiseFormState,
  type FormState,
} from './form-state.ts';
import { firstIncompletePath, resolvePath } from './progress.ts';
import { journeyReducer, type JourneyAction } from './reducer.ts';
import { answersFingerprint, applicantsToSend, buildSubmission } from './submission.ts';
import { STEPS } from './steps.ts';
import type { StepPath } from './paths.ts';
import { EXIT_URL } from './paths.ts';

const NOW = new Date('2026-03-02T10:00:00Z');
const today = londonToday(NOW);

function run(state: FormState, ...actions: JourneyAction[]): { state: FormState; goTo: string | undefined } {
  let result: { state: FormState; goTo: string | undefined } = { state, goTo: undefined };
  for (const action of actions) {
    const transition = journeyReducer(result.state, action, NOW);
    result = { state: transition.state, goTo: transition.goTo };
  }
  return result;
}

/** Submits each step of the journey with the answers given, in order. */
function answerSteps(state: FormState, answers: ApplicantAnswers, paths: readonly StepPath[]) {
  return run(state, ...paths.map((path) => ({ type: 'submitStep', path, answers }) as const));
}

const sponsorPaths: StepPath[] = ['/your-contact-details', '/sponsor-details', '/what-would-you-like-to-do'];
const applicantPaths: StepPath[] = [
  '/passenger-name',
  '/passenger-date-of-birth',
  '/nationality',
  '/passport-details',
  '/cos-reference',
  '/travel-details',
  '/work-dates',
];

const single = (overrides: Partial<ApplicantAnswers> = {}) => validApplicantAnswers(NOW, overrides);
const member = (familyName: string, overrides: Partial<ApplicantAnswers> = {}) =>
  validApplicantAnswers(NOW, {
    'what-would-you-like-to-do': 'group-application',
    'family-name': familyName,
    ...overrides,
  });

/** A group whose saved members have these answers, and the next member started. */
function groupWith(...members: ApplicantAnswers[]): FormState {
  let state = answerSteps(INITIAL_FORM_STATE, members[0]!, sponsorPaths).state;
  for (const answers of members) {
    const paths =
      state.group.length === 0
        ? applicantPaths
        : applicantPaths.filter((p) => p !== '/travel-details' && p !== '/work-dates');
    state = answerSteps(state, answers, paths).state;
    if (state.group.length > 0) {
      state = run(
        state,
        { type: 'reuse', kind: 'travel', choice: '' },
        { type: 'submitStep', path: '/travel-details', answers },
      ).state;
      state = run(
        state,
        { type: 'reuse', kind: 'workDates', choice: '' },
        { type: 'submitStep', path: '/work-dates', answers },
      ).state;
    }
    state = run(state, { type: 'addToGroup' }).state;
  }
  return state;
}

describe('submit step', () => {
  it('stores the errors, keeps the answers, marks the path incomplete and stays', () => {
    const { state, goTo } = run(INITIAL_FORM_STATE, {
      type: 'submitStep',
      path: '/your-contact-details',
      answers: { 'sponsor-email': 'not-an-email' },
    });
    expect(goTo).toBeUndefined();
    expect(state.errors).toEqual({ sponsorContact: { 'sponsor-email': 'validEmail' } });
    expect(state.current.sponsorContact).toEqual({ 'sponsor-email': 'not-an-email' });
    expect(state.complete).toEqual([]);
  });

  it('on success clears the errors, marks the path complete, saves the section and goes to the next step', () => {
    const failed = run(INITIAL_FORM_STATE, {
      type: 'submitStep',
      path: '/your-contact-details',
      answers: { 'sponsor-email': '' },
    }).state;
    const { state, goTo } = run(failed, {
      type: 'submitStep',
      path: '/your-contact-details',
      answers: FIXTURE_SPONSOR,
    });
    expect(goTo).toBe('/sponsor-details');
    expect(state.errors).toEqual({});
    expect(state.complete).toEqual(['/your-contact-details']);
    // Only the section's own fields are saved from what the page sent.
    expect(state.current).toEqual({ sponsorContact: { 'sponsor-email': FIXTURE_SPONSOR['sponsor-email'] } });
  });

  it('walks a single application through every question to check your answers', () => {
    const answers = single();
    const stops: Array<string | undefined> = [];
    let state = INITIAL_FORM_STATE;
    for (const path of [...sponsorPaths, ...applicantPaths]) {
      const result = run(state, { type: 'submitStep', path, answers });
      stops.push(result.goTo);
      state = result.state;
    }
    expect(stops).toEqual([...sponsorPaths.slice(1), ...applicantPaths, '/check-your-answers']);
    expect(firstIncompletePath(state, NOW)).toBe('/check-your-answers');
  });

  it('goes to /ineligible as soon as an ineligible nationality is answered', () => {
    const state = answerSteps(INITIAL_FORM_STATE, single(), [
      ...sponsorPaths,
      '/passenger-name',
      '/passenger-date-of-birth',
    ]).state;
    for (const nationality of ['RUS - Russian', 'GBR - British, UK', 'XYZ - Unknown']) {
      expect(run(state, { type: 'submitStep', path: '/nationality', answers: { nationality } }).goTo).toBe(
        '/ineligible',
      );
    }
    expect(
      run(state, { type: 'submitStep', path: '/nationality', answers: { nationality: 'USA - American' } }).goTo,
    ).toBe('/passport-details');
  });

  it('when changing, returns to check your answers and ends change mode', () => {
    const done = answerSteps(INITIAL_FORM_STATE, single(), [...sponsorPaths, ...applicantPaths]).state;
    const changing = run(done, { type: 'change', path: '/passenger-name' });
    expect(changing.goTo).toBe('/passenger-name');
    expect(changing.state.isChanging).toBe(true);
    const changed = run(changing.state, {
      type: 'submitStep',
      path: '/passenger-name',
      answers: { ...single(), 'given-name': 'Siobhán' },
    });
    expect(changed.goTo).toBe('/check-your-answers');
    expect(changed.state.isChanging).toBe(false);
    expect(answersOf(changed.state.current)['given-name']).toBe('Siobhán');
  });

  it('when a change makes a later answer wrong, check your answers sends the user to it', () => {
    const done = answerSteps(INITIAL_FORM_STATE, single(), [...sponsorPaths, ...applicantPaths]).state;
    // Arriving 19 days after the work starts (still before it ends): the work dates no longer fit.
    const later = {
      ...single(),
      'date-of-arrival': toDateParts(addDays(today, 30)),
      'passport-expiry-date': toDateParts(addDays(today, 400)),
    };
    const changed = run(
      done,
      { type: 'change', path: '/travel-details' },
      { type: 'submitStep', path: '/travel-details', answers: later },
    );
    // Arriving after the work starts is allowed by the travel page; the work then starts more than 14 days before arrival.
    expect(changed.goTo).toBe('/check-your-answers');
    expect(resolvePath(changed.state, '/check-your-answers', NOW)).toBe('/work-dates');
  });
});

describe('skip step', () => {
  it('marks the path complete and moves on', () => {
    const { state, goTo } = run(INITIAL_FORM_STATE, { type: 'skipStep', path: '/your-contact-details' });
    expect(state.complete).toEqual(['/your-contact-details']);
    expect(goTo).toBe('/sponsor-details');
  });
});

describe('add applicant to group and return', () => {
  it('appends the applicant, goes to the group overview and starts the next member with the sponsor answers', () => {
    const state = groupWith(member('Okafor'));
    expect(state.group).toHaveLength(1);
    expect(answersOf(state.group[0]!)['family-name']).toBe('Okafor');
    expect(answersOf(state.current)).toEqual({ ...FIXTURE_SPONSOR, 'what-would-you-like-to-do': 'group-application' });
    expect(state.complete).toEqual(sponsorPaths);
    expect(state.changeIndex).toBeNull();
    expect(run(groupWith(member('Okafor')), { type: 'addApplication' }).goTo).toBe('/passenger-name');
  });

  it('updates the member at changeIndex instead when editing', () => {
    const state = groupWith(member('Okafor'), member('Smith'));
    const edited = run(
      state,
      { type: 'editApplication', index: 0 },
      { type: 'change', path: '/passenger-name' },
      { type: 'submitStep', path: '/passenger-name', answers: member('Okafor-Jones') },
      { type: 'addToGroup' },
    );
    expect(edited.goTo).toBe('/group-edit');
    expect(edited.state.group.map((m) => answersOf(m)['family-name'])).toEqual(['Okafor-Jones', 'Smith']);
  });

  it('refuses an eleventh member', () => {
    const full = {
      ...groupWith(member('A')),
      group: Array.from({ length: 10 }, () => groupWith(member('A')).group[0]!),
    };
    expect(run(full, { type: 'addApplication' })).toEqual({
      state: { ...full, errors: { group: { group: 'maxApplications' } } },
      goTo: undefined,
    });
    const eleventh = { ...full, current: full.group[0]! };
    expect(run(eleventh, { type: 'addToGroup' }).state.group).toHaveLength(10);
  });

  it('takes no eleventh member’s answers, even by a question page’s address: the overview says the group is full', () => {
    const ten = Array.from({ length: 10 }, (_, index) => member(`Member ${index + 1}`));
    const full = groupWith(...ten);
    expect(full.group).toHaveLength(10);
    for (const path of [...applicantPaths, '/reuse-travel-details', '/check-your-answers'] as const)
      expect(resolvePath(full, path, NOW), path).toBe('/group-edit');
    const answered = run(full, { type: 'submitStep', path: '/passenger-name', answers: member('Eleventh') });
    expect(answered.goTo).toBe('/group-edit');
    expect(answered.state.current).toEqual(full.current);
    expect(answered.state.errors.group).toEqual({ group: 'maxApplications' });
    // The sponsor's pages and a member's own pages stay open.
    expect(resolvePath(full, '/sponsor-details', NOW)).toBe('/sponsor-details');
    const editing = run(full, { type: 'editApplication', index: 3 }).state;
    expect(resolvePath(editing, '/passenger-name', NOW)).toBe('/passenger-name');
    const renamed = run(editing, { type: 'submitStep', path: '/passenger-name', answers: member('Renamed') });
    expect(renamed.goTo).toBe('/check-your-answers');
    // One member fewer, and the next can be answered.
    const nine = run(full, { type: 'deleteApplication', index: 0 }).state;
    expect(resolvePath(nine, '/passenger-name', NOW)).toBe('/passenger-name');
  });
});

describe('edit application', () => {
  it('clears errors, loads the member with changeIndex and isChanging, and goes to check your answers', () => {
    const state = {
      ...groupWith(member('Okafor'), member('Smith')),
      errors: { group: { group: 'maxApplications' as const } },
    };
    const { state: editing, goTo } = run(state, { type: 'editApplication', index: 1 });
    expect(goTo).toBe('/check-your-answers');
    expect(editing.errors).toEqual({});
    expect(editing.changeIndex).toBe(1);
    expect(editing.isChanging).toBe(true);
    expect(answersOf(editing.current)['family-name']).toBe('Smith');
    expect(resolvePath(editing, '/check-your-answers', NOW)).toBe('/check-your-answers');
  });
});

describe('add application', () => {
  it('while editing, clears the details and the change state before going to /passenger-name', () => {
    const editing = run(groupWith(member('Okafor')), { type: 'editApplication', index: 0 }).state;
    const { state, goTo } = run(editing, { type: 'addApplication' });
    expect(goTo).toBe('/passenger-name');
    expect(state.changeIndex).toBeNull();
    expect(state.isChanging).toBe(false);
    expect(answersOf(state.current)['family-name']).toBeUndefined();
    expect(answersOf(state.current)['sponsor-email']).toBe(FIXTURE_SPONSOR['sponsor-email']);
  });
});

describe('delete application', () => {
  it('removes the member and stays on the group overview', () => {
    const { state, goTo } = run(groupWith(member('Okafor'), member('Smith'), member('García')), {
      type: 'deleteApplication',
      index: 1,
    });
    expect(goTo).toBe('/group-edit');
    expect(state.group.map((m) => answersOf(m)['family-name'])).toEqual(['Okafor', 'García']);
  });
});

describe('reuse existing data', () => {
  const base = () => {
    const state = groupWith(member('Okafor'), member('Smith', { 'flight-number': 'EI999' }));
    return answerSteps(state, member('García'), [
      '/passenger-name',
      '/passenger-date-of-birth',
      '/nationality',
      '/passport-details',
      '/cos-reference',
    ]);
  };

  it('offers the reuse page once the group has a set, with the de-duplicated sets', () => {
    expect(base().goTo).toBe('/reuse-travel-details');
  });

  it('takes the chosen travel set, marks the path complete, sets the flag and goes on to the work dates', () => {
    const { state, goTo } = run(base().state, { type: 'reuse', kind: 'travel', choice: '1' });
    expect(goTo).toBe('/reuse-work-dates');
    expect(state.reuse.travel).toBe(true);
    expect(state.complete).toEqual(expect.arrayContaining(['/reuse-travel-details', '/travel-details']));
    expect(answersOf(state.current)['flight-number']).toBe('EI999');
  });

  it('with none chosen, goes to the travel page; with nothing chosen, says so', () => {
    const none = run(base().state, { type: 'reuse', kind: 'travel', choice: '' });
    expect(none.goTo).toBe('/travel-details');
    expect(none.state.reuse.travel).toBe(false);
    const nothing = run(base().state, { type: 'reuse', kind: 'travel', choice: undefined });
    expect(nothing.goTo).toBeUndefined();
    expect(nothing.state.errors.reuseTravel).toEqual({ 'reuse-travel-details': 'required' });
    expect(run(base().state, { type: 'reuse', kind: 'travel', choice: '7' }).state.errors.reuseTravel).toEqual({
      'reuse-travel-details': 'required',
    });
  });

  it('takes work dates that fit and goes to check your answers', () => {
    const travelled = run(base().state, { type: 'reuse', kind: 'travel', choice: '0' }).state;
    const { state, goTo } = run(travelled, { type: 'reuse', kind: 'workDates', choice: '0' });
    expect(goTo).toBe('/check-your-answers');
    expect(state.reuse.workDates).toBe(true);
    expect(resolvePath(state, '/check-your-answers', NOW)).toBe('/check-your-answers');
  });

  it('sends the user to enter new work dates when the chosen ones do not fit the arrival, saying why', () => {
    const arrivingLate = {
      ...member('García'),
      'date-of-arrival': toDateParts(addDays(today, 30)),
      'passport-expiry-date': toDateParts(addDays(today, 500)),
    };
    const own = run(
      base().state,
      { type: 'reuse', kind: 'travel', choice: '' },
      {
        type: 'submitStep',
        path: '/travel-details',
        answers: { ...arrivingLate, 'first-work-date': undefined, 'last-work-date': undefined },
      },
    );
    const { state, goTo } = run(own.state, { type: 'reuse', kind: 'workDates', choice: '0' });
    expect(goTo).toBe('/work-dates');
    expect(state.reuse.workDates).toBe(false);
    expect(state.reusedWorkDatesDidNotFit).toBe(true);
    expect(state.errors.workDates).toMatchObject({ 'first-work-date': 'within14Days' });
  });
});

describe('submit group', () => {
  it('sends the current applicant of a single application, and every member of a group', () => {
    const singleState = answerSteps(INITIAL_FORM_STATE, single(), [...sponsorPaths, ...applicantPaths]).state;
    expect(applicantsToSend(singleState)).toEqual([singleState.current]);
    const group = groupWith(member('Okafor'), member('Smith'));
    expect(applicantsToSend(group)).toEqual(group.group);
  });

  it('builds one payload per applicant under one new group id, and the same again for a retry of the same answers', () => {
    const group = groupWith(member('Okafor'), member('Smith'));
    let ids = 0;
    const uuid = () => `0f8fad5b-d9cb-469f-a165-7086772895${String(ids++).padStart(2, '0')}`;
    const { body, attempt } = buildSubmission(group, NOW, uuid);
    expect(body).toHaveLength(2);
    expect(new Set(body.map((a) => a.concessionForm.formGroupId))).toEqual(new Set([attempt.formGroupId]));
    expect(attempt.formGroupId).toBe('CWC-0F8FAD5B-D9CB-469F-A165-708677289500');
    const started = run(group, { type: 'submissionStarted', attempt }).state;
    const retry = buildSubmission(started, new Date(NOW.getTime() + 60_000), uuid);
    expect(retry.body).toEqual(body);
    // Different answers are a different submission.
    const changed = { ...started, group: started.group.slice(1) };
    expect(buildSubmission(changed, NOW, uuid).attempt.formGroupId).not.toBe(attempt.formGroupId);
  });

  it('fingerprints the answers a send would send: the same for the same answers, another for any change', () => {
    const group = groupWith(member('Okafor'), member('Smith'));
    const shown = answersFingerprint(group);
    expect(shown).toMatch(/^[0-9a-z]{22}$/);
    // What is not sent (errors, the page being answered, an attempt) changes nothing.
    expect(answersFingerprint({ ...group, errors: { group: { group: 'maxApplications' } } })).toBe(shown);
    expect(answersFingerprint(run(group, { type: 'submissionConflicted' }).state)).toBe(shown);
    // Another sponsor, one member fewer, one answer changed: each is another submission.
    const sponsor = run(group, {
      type: 'submitStep',
      path: '/your-contact-details',
      answers: { 'sponsor-email': 'other@example.net' },
    }).state;
    expect(answersFingerprint(sponsor)).not.toBe(shown);
    expect(answersFingerprint({ ...group, group: group.group.slice(1) })).not.toBe(shown);
    expect(answersFingerprint(groupWith(member('Okafor'), member('Smyth')))).not.toBe(shown);
  });

  it('stores the receipts, clears the group and goes to /complete', () => {
    const receipts = [
      {
        applicationReference: 'a',
        groupRef: 'CWC-1',
        workerName: 'Okafor, Eithne',
        sponsorEmail: 'x@example.org',
        cosReference: 'C1',
      },
    ];
    const { state, goTo } = run(groupWith(member('Okafor')), { type: 'submissionSucceeded', receipts });
    expect(goTo).toBe('/complete');
    expect(state).toEqual({ ...INITIAL_FORM_STATE, receipts });
    expect(resolvePath(state, '/complete', NOW)).toBe('/complete');
  });
});

describe('finish, exit, clear and return', () => {
  const receipts = [
    { applicationReference: 'a', groupRef: 'CWC-1', workerName: 'x', sponsorEmail: 'y', cosReference: 'z' },
  ];
  it('finish clears the applicant, group and receipts and goes to the start', () => {
    expect(run({ ...groupWith(member('Okafor')), receipts }, { type: 'finish' })).toEqual({
      state: INITIAL_FORM_STATE,
      goTo: '/',
    });
  });
  it('exit clears the same and leaves for the government site', () => {
    expect(run({ ...groupWith(member('Okafor')), receipts }, { type: 'exit' })).toEqual({
      state: INITIAL_FORM_STATE,
      goTo: EXIT_URL,
    });
  });
  it('clear and return keeps the group and the sponsor, clears the member and goes to the overview', () => {
    const started = answerSteps(groupWith(member('Okafor')), member('Smith'), ['/passenger-name']).state;
    const { state, goTo } = run(started, { type: 'clearAndReturn' });
    expect(goTo).toBe('/group-edit');
    expect(state.group).toHaveLength(1);
    expect(state.complete).toEqual(sponsorPaths);
    expect(answersOf(state.current)['family-name']).toBeUndefined();
  });
});

describe('where the user may be', () => {
  it('sends a later step to the first incomplete one', () => {
    expect(resolvePath(INITIAL_FORM_STATE, '/work-dates', NOW)).toBe('/your-contact-details');
    const partway = answerSteps(INITIAL_FORM_STATE, single(), [...sponsorPaths, '/passenger-name']).state;
    expect(resolvePath(partway, '/passport-details', NOW)).toBe('/passenger-date-of-birth');
    expect(resolvePath(partway, '/sponsor-details', NOW)).toBe('/sponsor-details');
    expect(resolvePath(partway, '/check-your-answers', NOW)).toBe('/passenger-date-of-birth');
    expect(resolvePath(partway, '/complete', NOW)).toBe('/');
    expect(resolvePath(partway, '/group-edit', NOW)).toBe('/passenger-date-of-birth');
  });

  it('counts a step whose answer has gone stale as incomplete', () => {
    const done = answerSteps(INITIAL_FORM_STATE, single(), [...sponsorPaths, ...applicantPaths]).state;
    // Nine days later the work starts within 72 hours; eleven days later the arrival is past.
    expect(firstIncompletePath(done, new Date(NOW.getTime() + 9 * 86_400_000))).toBe('/work-dates');
    expect(firstIncompletePath(done, new Date(NOW.getTime() + 11 * 86_400_000))).toBe('/travel-details');
  });
});

describe('the saved state', () => {
  it('round-trips through session storage', () => {
    const state = groupWith(member('Okafor'), member('Smith'));
    expect(parseSavedFormState(serialiseFormState(state))).toEqual(state);
  });

  it('discards what is missing, corrupt or unknown', () => {
    for (const saved of [
      null,
      '',
      '{',
      'null',
      '[]',
      '{"group":5}',
      JSON.stringify({ ...INITIAL_FORM_STATE, complete: ['/nowhere'] }),
    ]) {
      expect(parseSavedFormState(saved)).toEqual(INITIAL_FORM_STATE);
    }
  });

  it('keeps every section of the answers', () => {
    const answers = single();
    for (const section of SECTION_NAMES) {
      expect(Object.keys(sectionAnswers(section, answers)).length).toBeGreaterThan(0);
    }
    expect(STEPS.length).toBe(12);
  });
});

describe('the sponsor of a group', () => {
  const sponsorChange = { 'sponsor-name': 'New Stage Ltd', 'sponsor-reference': 'NEWLIC999' };

  it('applies a changed sponsor answer to every member, and sends what the overview shows', () => {
    const group = groupWith(member('Okafor'), member('Smith'));
    const changing = run(group, { type: 'change', path: '/sponsor-details', fromGroup: true });
    expect(changing.goTo).toBe('/sponsor-details');
    const { state, goTo } = run(changing.state, {
      type: 'submitStep',
      path: '/sponsor-details',
      answers: sponsorChange,
    });
    expect(goTo).toBe('/group-edit');
    expect(state.changingFromGroup).toBe(false);
    for (const m of state.group) expect(answersOf(m)).toMatchObject(sponsorChange);
    const { body } = buildSubmission(state, NOW, () => '00000000-0000-4000-8000-000000000000');
    for (const applicant of body) {
      expect(applicant.concessionForm.sponsorName).toBe('New Stage Ltd');
      expect(applicant.concessionForm.sponsorshipReferenceNumber).toBe('NEWLIC999');
    }
  });

  it('changed from a member’s check your answers, also applies to every member and returns there', () => {
    const group = groupWith(member('Okafor'), member('Smith'));
    const editing = run(group, { type: 'editApplication', index: 1 }, { type: 'change', path: '/sponsor-details' });
    const { state, goTo } = run(editing.state, {
      type: 'submitStep',
      path: '/sponsor-details',
      answers: sponsorChange,
    });
    expect(goTo).toBe('/check-your-answers');
    for (const m of state.group) expect(answersOf(m)).toMatchObject(sponsorChange);
    expect(answersOf(state.current)).toMatchObject(sponsorChange);
  });

  it('gives a new group id to the next attempt when the answers or the sponsor change', () => {
    const group = groupWith(member('Okafor'));
    const first = buildSubmission(group, NOW, () => '11111111-1111-4111-8111-111111111111');
    const started = run(group, { type: 'submissionStarted', attempt: first.attempt }).state;
    expect(buildSubmission(started, NOW, () => '22222222-2222-4222-8222-222222222222').attempt).toEqual(first.attempt);
    const changed = run(started, {
      type: 'submitStep',
      path: '/your-contact-details',
      answers: { 'sponsor-email': 'other@example.org' },
    }).state;
    expect(buildSubmission(changed, NOW, () => '22222222-2222-4222-8222-222222222222').attempt.formGroupId).toBe(
      'CWC-22222222-2222-4222-8222-222222222222',
    );
    const conflicted = run(started, { type: 'submissionConflicted' }).state;
    expect(buildSubmission(conflicted, NOW, () => '33333333-3333-4333-8333-333333333333').attempt.formGroupId).toBe(
      'CWC-33333333-3333-4333-8333-333333333333',
    );
  });
});

describe('reused travel details that do not fit', () => {
  it('opens this member’s travel page with the errors and says why', () => {
    const group = groupWith(member('Okafor'));
    // This member's passport expires before the arrival the first member travels on.
    const expiring = member('Smith', { 'passport-expiry-date': toDateParts(addDays(today, 5)) });
    const started = answerSteps(group, expiring, [
      '/passenger-name',
      '/passenger-date-of-birth',
      '/nationality',
      '/passport-details',
      '/cos-reference',
    ]);
    expect(started.goTo).toBe('/reuse-travel-details');
    const { state, goTo } = run(started.state, { type: 'reuse', kind: 'travel', choice: '0' });
    expect(goTo).toBe('/travel-details');
    expect(state.reusedTravelDidNotFit).toBe(true);
    expect(state.reuse.travel).toBe(false);
    expect(state.errors.travel).toEqual({ 'date-of-arrival': 'notAfterPassportExpiry' });
    expect(resolvePath(state, '/travel-details', NOW)).toBe('/travel-details');
    const fixed = run(state, {
      type: 'submitStep',
      path: '/travel-details',
      answers: { ...expiring, 'date-of-arrival': toDateParts(addDays(today, 4)) },
    });
    expect(fixed.state.reusedTravelDidNotFit).toBe(false);
  });
});

describe('after sending', () => {
  const sent = () => {
    const done = answerSteps(INITIAL_FORM_STATE, single(), [...sponsorPaths, ...applicantPaths]).state;
    const receipt = {
      applicationReference: 'CWC-00000-00000-0',
      groupRef: 'CWC-X',
      workerName: 'Okafor, Eithne',
      sponsorEmail: 'a@example.org',
      cosReference: 'C1',
    };
    return run(done, { type: 'submissionSucceeded', receipts: [receipt] }).state;
  };

  it('shows the receipts for every page of the journey, never an empty form', () => {
    const state = sent();
    for (const path of ['/check-your-answers', '/group-edit', '/your-contact-details', '/work-dates'] as const) {
      expect(resolvePath(state, path, NOW)).toBe('/complete');
    }
    expect(resolvePath(state, '/complete', NOW)).toBe('/complete');
  });

  it('lets a new application start from the start page, and forgets the receipts once it is answered', () => {
    const state = sent();
    expect(resolvePath(state, '/your-contact-details', NOW, { startNew: true })).toBe('/your-contact-details');
    const answered = run(state, { type: 'submitStep', path: '/your-contact-details', answers: single() }).state;
    expect(answered.receipts).toEqual([]);
    expect(resolvePath(answered, '/sponsor-details', NOW)).toBe('/sponsor-details');
  });
});

describe('a refused answer in a group', () => {
  it('opens the member straight on the page to change, then returns to their check your answers', () => {
    const group = groupWith(member('Okafor'), member('Smith'));
    const { state, goTo } = run(group, { type: 'editApplication', index: 1, path: '/travel-details' });
    expect(goTo).toBe('/travel-details');
    expect(state.changeIndex).toBe(1);
    expect(run(state, { type: 'submitStep', path: '/travel-details', answers: member('Smith') }).goTo).toBe(
      '/check-your-answers',
    );
  });
});
