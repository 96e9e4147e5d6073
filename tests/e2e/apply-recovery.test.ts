// What a sponsor meets beyond the happy path: a late arrival warned of before sending,
// the group's sponsor changed on the overview, reused travel details that do not fit, answers
// the service refuses, a submission the service already holds, and Back after sending.
import { describe, expect, it } from 'vitest';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { toDateParts } from '../../src/shared/dates/date-parts.ts';
import { changeHref } from '../../src/shared/journey/page-forms.ts';
import { CHECK_ANSWERS_PATH } from '../../src/shared/journey/paths.ts';
import { validApplicantAnswers } from '../fixtures/applicants.ts';
import ar from '../../src/shared/i18n/translations/ar.json';
import cy from '../../src/shared/i18n/translations/cy.json';
import en from '../../src/shared/i18n/translations/en.json';
import { axeViolations, axeViolationsWithoutJavaScript, baseUrl, useBrowser } from './support/browser.ts';
import { storedApplicationsOf } from './support/database.ts';
import { answerNextSendWith } from './support/page-answers.ts';
import {
  SPONSOR,
  addToGroup,
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  continueFrom,
  daysFromToday,
  defaultTravel,
  fillDate,
  reuseFirstSets,
  submitGroup,
  worker,
} from './support/journey.ts';
import { groupWithMembers, run, seedSession, singleComplete } from './support/journey-states.ts';

const test = useBrowser();
const DAY = 86_400_000;

describe('an arrival less than 72 hours away', () => {
  it('is warned of on the travel page as the date is typed, and again on check your answers', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await answerWorker(page, worker('Murphy'));
    await answerTravel(page, { ...defaultTravel(), arrival: daysFromToday(1) });
    await answerWorkDates(page, { first: daysFromToday(3), last: daysFromToday(20) });
    await at(page, '/check-your-answers');
    const warning = page.locator('#late-arrival-warning');
    expect(await warning.textContent()).toContain(en.apply.travel.lateWarning);
    expect(await warning.textContent()).toContain('This application will be refused');
    expect(await warning.textContent()).toContain('An application must be made at least 72 hours before travel.');
    expect(await warning.textContent()).not.toContain('normally');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Change Date of arrival in the UK' }).click();
    await at(page, '/travel-details');
    await warning.waitFor();
    await fillDate(page, 'date-of-arrival', daysFromToday(3));
    await warning.waitFor({ state: 'detached' });
    await fillDate(page, 'date-of-arrival', daysFromToday(2));
    await warning.waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('a group member arriving less than 72 hours away', () => {
  // Members 0 and 1 arrive tomorrow; the travel details of either can be reused by the next.
  const late = () => {
    const today = londonToday(new Date());
    return groupWithMembers(2, {
      'date-of-arrival': toDateParts(addDays(today, 1)),
      'first-work-date': toDateParts(addDays(today, 3)),
      'last-work-date': toDateParts(addDays(today, 20)),
    });
  };
  const texts = { en, cy, ar } as const;

  it.each([
    ['en', true],
    ['cy', false],
    ['ar', true],
  ] as const)(
    'is said to be refused where the date is reused and on the overview the group is sent from (%s, JavaScript %s)',
    async (language, javaScriptEnabled) => {
      const context = await test.browser.newContext({ javaScriptEnabled });
      try {
        await seedSession(context, late(), language);
        const page = await context.newPage();
        await page.goto(`${baseUrl()}/reuse-travel-details`);
        expect(new URL(page.url()).pathname).toBe('/reuse-travel-details');
        expect(await page.locator('main').textContent()).toContain(texts[language].apply.reuse.lateOption);
        expect(javaScriptEnabled ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page)).toEqual([]);
        await page.goto(`${baseUrl()}/group-edit`);
        expect(new URL(page.url()).pathname).toBe('/group-edit');
        const warnings = page.locator('[data-late-member]');
        expect(await warnings.count()).toBe(2);
        expect(await warnings.first().textContent()).toContain(
          texts[language].apply.group.lateMember.replace(
            '{{name}}',
            `${validApplicantAnswers(new Date())['given-name']} Member0`,
          ),
        );
        expect(javaScriptEnabled ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('the sponsor of a group', () => {
  it('is shown on the overview and check your answers, and a licence number changed there is what is stored for every member', async () => {
    const { page } = test;
    await answerSponsor(page, 'group-application');
    await answerWorker(page, worker('Okafor', { givenNames: 'Chidi' }));
    await answerTravel(page);
    await answerWorkDates(page);
    await at(page, '/check-your-answers');
    expect(await page.getByRole('heading', { name: 'Sponsor' }).count()).toBe(1);
    expect(await page.locator('main').textContent()).toContain(SPONSOR.reference);
    await addToGroup(page);
    expect(await page.locator('main').textContent()).toContain(SPONSOR.email);

    await page.getByRole('link', { name: 'Change Sponsor licence number' }).click();
    await at(page, '/sponsor-details');
    await page.fill('#sponsor-reference', 'NEWLIC4242');
    await continueFrom(page);
    await at(page, '/group-edit');
    expect(await page.locator('main').textContent()).toContain('NEWLIC4242');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add another applicant' }).click();
    await answerWorker(page, worker('Smith', { givenNames: 'Alex' }));
    await reuseFirstSets(page);
    expect(await page.locator('main').textContent()).toContain('NEWLIC4242');
    await addToGroup(page);
    const references = await submitGroup(page, 2);
    expect(references).toHaveLength(2);
    for (const reference of references) {
      const stored = await storedApplicationsOf(reference);
      if (stored !== undefined) expect(stored.concessionForm.sponsorshipReferenceNumber).toBe('NEWLIC4242');
    }
  });
});

describe('reused travel details that do not fit a member', () => {
  it('open the member’s travel page with the reason at once', async () => {
    const { page, context } = test;
    // The next member's passport expires before the arrival the saved member travels on.
    const expiring = toDateParts(addDays(londonToday(new Date()), 5));
    const answers = validApplicantAnswers(new Date(), {
      'what-would-you-like-to-do': 'group-application',
      'family-name': 'Member1',
      'passport-number': 'P00000001',
      'passport-expiry-date': expiring,
    });
    await seedSession(context, run(groupWithMembers(1), { type: 'submitStep', path: '/passport-details', answers }));
    await page.goto(`${baseUrl()}/reuse-travel-details`);
    await at(page, '/reuse-travel-details');
    await page.check('input[name="reuse-travel-details"][value="0"]');
    await continueFrom(page);
    await at(page, '/travel-details');
    expect(await page.locator('.govuk-warning-text').first().textContent()).toContain(
      'The travel details you chose do not fit this temporary worker.',
    );
    expect(await page.locator('.govuk-error-summary').textContent()).toContain(
      'The date of arrival cannot be after the passport expiration date',
    );
    expect(await page.inputValue('#flight-number')).toBe('EI154');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('answers the service refuses', () => {
  it('are refused by the service whatever the browser’s clock says', async () => {
    const { browser } = test;
    // A browser whose clock is 12 days behind: dates it takes for the future are past for the service.
    const behind = new Date(Date.now() - 12 * DAY);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.clock.setFixedTime(behind);
      await seedSession(context, singleComplete());
      await page.goto(`${baseUrl()}${changeHref('/travel-details')}`);
      await at(page, '/travel-details');
      // Ten days after the browser's today: two days ago for the service.
      await fillDate(page, 'date-of-arrival', addDays(londonToday(behind), 10));
      await continueFrom(page);
      const summary = page.locator('.govuk-error-summary');
      await summary.waitFor();
      expect(await summary.locator('a').allTextContents()).toContain('The date of arrival cannot be in the past');
      expect(await page.title()).toMatch(/^Error: /);
      expect(new URL(page.url()).pathname).toBe('/travel-details');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('are listed on check your answers with links to the pages that change them', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete());
    // Answers that passed when given and no longer do when sent (days later, say): the service refuses them.
    await answerNextSendWith(page, CHECK_ANSWERS_PATH, 422, {
      kind: 'refused',
      answers: [
        { index: 0, field: 'date-of-arrival', rule: 'notInPast' },
        { index: 0, field: 'first-work-date', rule: 'atLeast72Hours' },
      ],
    });
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/check-your-answers');
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
    const summary = page.locator('.govuk-error-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Nothing has been sent. Change these answers, then send again.');
    expect(await summary.locator('a').allTextContents()).toEqual([
      'The date of arrival cannot be in the past',
      'Enter a valid date at least 72 hours from now',
    ]);
    expect(await page.title()).toMatch(/^Error: /);
    expect(new URL(page.url()).pathname).toBe('/check-your-answers');
    expect(await axeViolations(page)).toEqual([]);
    await summary.getByRole('link', { name: 'The date of arrival cannot be in the past' }).click();
    await at(page, '/travel-details');
  });
});

describe('a submission the service already holds under its group id', () => {
  it('says what happened and sends the applications again under a new group id when asked', async () => {
    const { page, browser } = test;
    await seedSession(test.context, singleComplete());
    await page.goto(`${baseUrl()}/check-your-answers`);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
    await at(page, '/complete');
    // The tab's copy of what the service keeps: the receipts of what it stored.
    const usedGroupId: string = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('state') ?? '{}').receipts[0].groupRef,
    );

    // Another tab's answers sent under a group id the service already holds: it answers 409.
    const context = await browser.newContext();
    try {
      const second = await context.newPage();
      await seedSession(context, singleComplete({ 'family-name': 'Byrne', 'passport-number': 'BYRNE1234' }));
      const bodies = await answerNextSendWith(second, CHECK_ANSWERS_PATH, 409, { kind: 'conflict' });
      await second.goto(`${baseUrl()}/check-your-answers`);
      await second.getByRole('button', { name: 'Confirm details and send the application' }).click();
      await second.getByRole('heading', { name: 'These applications have not been sent' }).waitFor();
      expect(await second.locator('main').textContent()).toContain('Check your email for a confirmation from us.');
      expect(await axeViolations(second)).toEqual([]);
      await second.getByRole('button', { name: 'Send the applications again' }).click();
      await at(second, '/complete');
      expect(new URLSearchParams(bodies[1]).get('action')).toBe('send-as-new');
      const sentGroupId: string = await second.evaluate(
        () => JSON.parse(sessionStorage.getItem('state') ?? '{}').receipts[0].groupRef,
      );
      expect(sentGroupId).not.toBe(usedGroupId);
      const reference = (await second.locator('.govuk-panel .app-reference').textContent()) ?? '';
      const stored = await storedApplicationsOf(reference);
      if (stored !== undefined) {
        expect(stored.concessionForm.formGroupId).toBe(sentGroupId);
        expect(stored.secondaryDetails.familyName).toBe('Byrne');
      }
    } finally {
      await context.close();
    }
  });
});

describe('after sending', () => {
  it('Back shows the receipts again, never an empty form, and the complete page has no "Go back"', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete());
    await page.goto(`${baseUrl()}${changeHref('/work-dates')}`);
    await continueFrom(page);
    await at(page, '/check-your-answers');
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
    await at(page, '/complete');
    const reference = await page.locator('.govuk-panel .app-reference').textContent();
    expect(await page.getByRole('link', { name: 'Go back' }).count()).toBe(0);
    for (let back = 0; back < 2; back += 1) {
      await page.goBack();
      await at(page, '/complete');
      expect(await page.locator('h1').textContent()).toBe('Application received');
      expect(await page.locator('.govuk-panel .app-reference').textContent()).toBe(reference);
      // No field to fill in (the Finish button's form carries only its hidden token).
      expect(await page.locator('main input:not([type="hidden"])').count()).toBe(0);
    }

    // "Start now" begins a new application.
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'Start now' }).click();
    await at(page, '/your-contact-details');
    expect(await page.inputValue('#sponsor-email')).toBe('');
  });

  it('of a group, Back from the complete page shows the receipts again', async () => {
    const { page, context } = test;
    await seedSession(context, run(groupWithMembers(2), { type: 'clearAndReturn' }));
    await page.goto(`${baseUrl()}/group-edit`);
    await page.getByRole('button', { name: 'Submit applications' }).click();
    await at(page, '/complete');
    await page.goBack();
    await at(page, '/complete');
    expect(await page.locator('h1').textContent()).toBe('Applications received');
    expect(await page.locator('main .app-reference-list .app-reference').count()).toBe(2);
  });
});

describe('analytics of validation failures', () => {
  it('sends the group limit from the overview, with path, field and rule', async () => {
    const { page, context } = test;
    // The overview of 9 members, whose Add another applicant is pressed once another tab made them 10.
    await seedSession(context, run(groupWithMembers(9), { type: 'clearAndReturn' }));
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'Accept analytics cookies' }).click();
    const events = () =>
      page.evaluate(() =>
        (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'validation_error'),
      );

    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    await seedSession(context, run(groupWithMembers(10), { type: 'clearAndReturn' }));
    await page.getByRole('button', { name: 'Add another applicant' }).click();
    await page.locator('.govuk-error-summary').waitFor();
    expect(await events()).toEqual([
      { event: 'validation_error', path: '/group-edit', field: 'group', rule: 'maxApplications' },
    ]);
  });
});
