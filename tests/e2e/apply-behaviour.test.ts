// How the journey behaves beyond the happy path: ineligible nationalities, a reload in the
// middle, a failed submission tried again, a double click, the group limit, and dates in
// Europe/London whatever the browser's own time zone.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { changeHref } from '../../src/shared/journey/page-forms.ts';
import { CHECK_ANSWERS_PATH } from '../../src/shared/journey/paths.ts';
import { FORM_SESSION_COOKIE } from '../../src/shared/pages/form-session.ts';
import { axeViolations, axeViolationsWithoutJavaScript, baseUrl, useBrowser } from './support/browser.ts';
import { rowsOf, storedApplicationsOf } from './support/database.ts';
import { answerNextSendWith, isFormOf } from './support/page-answers.ts';
import { workerServices } from './support/services.ts';
import {
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  answerWorkerToNationality,
  at,
  chooseNationality,
  continueFrom,
  fillDate,
  worker,
} from './support/journey.ts';
import { groupWithMembers, run, seedSession, singleComplete } from './support/journey-states.ts';

const test = useBrowser();

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The applications stored with this passport number, or undefined on the embedded database (nothing to read). */
async function storedWithPassport(passportNumber: string): Promise<number | undefined> {
  if (workerServices().manual.databaseUrl === '') return undefined;
  const rows = await rowsOf<{ count: string }>('SELECT count(*) FROM applications WHERE passport_number = $1', [
    passportNumber,
  ]);
  return Number(rows[0]?.count);
}

/** The answers this browser's session keeps, as the service shows check your answers in another tab of the same browser. */
async function checkAnswersInAnotherTab(page: Page): Promise<string> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(`${baseUrl()}${CHECK_ANSWERS_PATH}`);
    await at(tab, CHECK_ANSWERS_PATH);
    return (await tab.locator('main').textContent()) ?? '';
  } finally {
    await tab.close();
  }
}

describe('an ineligible nationality', () => {
  it('leads a single application to /ineligible, with the visa pointer', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await answerWorkerToNationality(page, worker('Ivanov', { nationality: 'RUS - Russian' }));
    await at(page, '/ineligible');
    expect(await page.locator('h1').textContent()).toBe('The temporary worker is not eligible for the concession');
    expect(await page.getByRole('link', { name: /Apply for a Creative Worker visa/ }).count()).toBe(1);
    // Later steps are not open to an ineligible applicant.
    await page.goto(`${baseUrl()}/passport-details`);
    await at(page, '/ineligible');
  });

  it('warns about a British passport as soon as it is chosen, then shows the British variant', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await answerWorkerToNationality(page, worker('Jones', { nationality: 'GBR - British, UK' }));
    await at(page, '/ineligible');
    expect(await page.locator('h1').textContent()).toBe(
      'British passport holders do not need the creative worker concession',
    );
    // The warning shows on the nationality page as soon as the nationality is chosen.
    await page.goBack();
    await at(page, '/nationality');
    await page.locator('.govuk-warning-text').waitFor();
    // The sentence's demonym: "British", not the list's "British, UK".
    expect(await page.locator('.govuk-warning-text__text').evaluate((el) => el.lastChild?.textContent?.trim())).toBe(
      'British passport holders do not need the creative worker concession',
    );
  });

  it('lets a group remove an ineligible member and carry on', async () => {
    const { page, context } = test;
    await seedSession(context, groupWithMembers(1));
    await page.goto(`${baseUrl()}/nationality`);
    await at(page, '/nationality');
    await chooseNationality(page, 'IND - Indian');
    expect(await page.locator('.govuk-warning-text').textContent()).toContain('need a visa');
    await continueFrom(page);
    await at(page, '/ineligible');
    expect(await page.locator('main').textContent()).toContain('This group member cannot be included in the group.');
    await page.getByRole('button', { name: 'Remove this member and return to the group overview' }).click();
    await at(page, '/group-edit');
    expect(await page.locator('#group-members .govuk-summary-list__key').allTextContents()).toEqual([
      'Eithne Patricia Member0',
    ]);
  });
});

describe('a saved state that cannot be used', () => {
  it('is discarded without breaking the page', async () => {
    const { page, context } = test;
    // The tab's copy of the answers is never read back: a broken one changes nothing.
    await context.addInitScript(() => sessionStorage.setItem('state', '{"group":"not a list"'));
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/your-contact-details');
    await page.fill('#sponsor-email', 'bookings@example.org');
    await continueFrom(page);
    await at(page, '/sponsor-details');
  });

  it('kept by the service (written by an older release, say) is discarded without breaking the page', async ({
    skip,
  }) => {
    const { databaseUrl } = workerServices().manual;
    if (databaseUrl === '') skip('The service runs on the embedded database: its sessions cannot be reached');
    const { page, context } = test;
    await seedSession(context, singleComplete());
    const session = (await context.cookies(baseUrl())).find((cookie) => cookie.name === FORM_SESSION_COOKIE)!.value;
    const changed = await rowsOf('UPDATE form_sessions SET form_state = $1 WHERE id_hash = $2 RETURNING 1', [
      '{"group":"not a list"',
      createHash('sha256').update(session).digest(),
    ]);
    expect(changed).toHaveLength(1);
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/your-contact-details');
    expect(await page.inputValue('#sponsor-email')).toBe('');
    await page.fill('#sponsor-email', 'bookings@example.org');
    await continueFrom(page);
    await at(page, '/sponsor-details');
  });
});

describe('a reload in the middle of the journey', () => {
  it('keeps every answer', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await answerWorker(page, worker('Okafor', { givenNames: 'Chidi', workerEmail: 'chidi@example.com' }));
    await at(page, '/travel-details');
    await page.reload();
    await at(page, '/travel-details');
    await answerTravel(page);
    await page.reload();
    await answerWorkDates(page);
    await at(page, '/check-your-answers');
    await page.reload();
    await at(page, '/check-your-answers');
    const values = await page.locator('.govuk-summary-list__value').allTextContents();
    for (const expected of [
      'bookings@example-theatre.co.uk',
      'Okafor',
      'Chidi',
      'chidi@example.com',
      'USA - American',
      'POKAFOR123',
      'Dublin Airport',
      'EI154',
    ]) {
      expect(values).toContain(expected);
    }
  });
});

describe('sending', () => {
  it('sends one request for a double click', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete());
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === CHECK_ANSWERS_PATH)
        posts.push(request.postData() ?? '');
    });
    await page.goto(`${baseUrl()}/check-your-answers`);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).dblclick();
    await at(page, '/complete');
    expect(posts).toHaveLength(1);
    expect(new URLSearchParams(posts[0]).get('action')).toBe('send');
  });

  // The request reaches the service, which stores the applications, but its answer is lost on the
  // way back (a gateway's 502): the app, with no answer it can draw, has the browser send the same
  // form itself, and the service, which sent these answers already, shows their receipts.
  it('after a lost answer (502) sends the same form again and shows the receipts of the one submission stored', async () => {
    const { page, context } = test;
    const passportNumber = `LOST${Date.now() % 100_000_000}`;
    await seedSession(context, singleComplete({ 'passport-number': passportNumber }));
    const bodies: string[] = [];
    await page.route(isFormOf(CHECK_ANSWERS_PATH), async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      bodies.push(route.request().postData() ?? '');
      if (bodies.length > 1) return route.fallback();
      await route.fetch({ maxRedirects: 0 });
      return route.fulfill({ status: 502, body: 'Bad gateway' });
    });
    await page.goto(`${baseUrl()}/check-your-answers`);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
    await at(page, '/complete');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    expect(await axeViolations(page)).toEqual([]);
    const reference = (await page.locator('.govuk-panel .app-reference').textContent()) ?? '';
    const stored = await storedApplicationsOf(reference);
    if (stored !== undefined) {
      expect(stored.secondaryDetails.familyName).toBe('Ní Bhraonáin');
      expect(await storedWithPassport(passportNumber)).toBe(1);
    }
  });

  // The service could not store the applications (its submission failed: the database away, say):
  // the page says so, the answers are kept, and Try again sends the same form, whose answers are stored once.
  it('after the service failed to store them (503) shows the server-error page, keeps the answers and sends the same form again', async () => {
    const { page, context } = test;
    const passportNumber = `FAIL${Date.now() % 100_000_000}`;
    await seedSession(context, singleComplete({ 'passport-number': passportNumber }));
    const bodies = await answerNextSendWith(page, CHECK_ANSWERS_PATH, 503, { kind: 'failed' });
    await page.goto(`${baseUrl()}/check-your-answers`);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
    await page.locator('h1', { hasText: 'Sorry, there is a problem with the service' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Try again later.');
    expect(await page.locator('main').textContent()).toContain('Your answers have been kept.');
    expect(await axeViolations(page)).toEqual([]);
    // The service keeps the answers for this browser.
    expect(await checkAnswersInAnotherTab(page)).toContain('Ní Bhraonáin');

    await page.getByRole('button', { name: 'Try again' }).click();
    await at(page, '/complete');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    const reference = (await page.locator('.govuk-panel .app-reference').textContent()) ?? '';
    const stored = await storedApplicationsOf(reference);
    if (stored !== undefined) {
      expect(stored.secondaryDetails.familyName).toBe('Ní Bhraonáin');
      expect(await storedWithPassport(passportNumber)).toBe(1);
    }
  });
});

describe('the group limit', () => {
  it('offers no other applicant at 10, and says why', async () => {
    const { page, context } = test;
    await seedSession(context, run(groupWithMembers(10), { type: 'clearAndReturn' }));
    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    expect(await page.getByRole('button', { name: 'Add another applicant' }).count()).toBe(0);
    expect(await page.locator('main .govuk-inset-text').textContent()).toContain(
      'A group can have up to 10 applicants.',
    );
    expect(await page.getByRole('button', { name: 'Submit applications' }).count()).toBe(1);
  });

  it.each([true, false])(
    'opens no page of an eleventh member, and takes nothing from one left open in a tab: the overview says the group is full (JavaScript %s)',
    async (javaScriptEnabled) => {
      const context = await test.browser.newContext({ javaScriptEnabled });
      try {
        const page = await context.newPage();
        const full = async () => {
          await page.locator('#group-members').waitFor();
          expect(new URL(page.url()).pathname).toBe('/group-edit');
          await expect(page.locator('#group-members .govuk-summary-list__row').count()).resolves.toBe(10);
          expect(await page.locator('main .govuk-inset-text').textContent()).toContain(
            'A group can have up to 10 applicants.',
          );
          expect(await page.getByRole('button', { name: 'Add another applicant' }).count()).toBe(0);
        };
        // Asked for by their addresses, a new member's pages lead to the overview.
        await seedSession(context, groupWithMembers(10));
        for (const path of ['/passenger-name', '/passport-details', '/check-your-answers']) {
          await page.goto(`${baseUrl()}${path}`);
          await full();
        }
        // A page of the next member opened while the group had 9, sent once another tab made it 10.
        await seedSession(context, groupWithMembers(9));
        await page.goto(`${baseUrl()}/passenger-name`);
        await page.locator('#family-name').waitFor();
        expect(new URL(page.url()).pathname).toBe('/passenger-name');
        await seedSession(context, groupWithMembers(10));
        await page.fill('#family-name', 'Eleventh');
        await page.fill('#given-name', 'Member');
        await page.getByRole('button', { name: 'Continue' }).click();
        await full();
        expect(await page.locator('.govuk-error-summary').textContent()).toContain(
          'You cannot submit more than 10 applications at once',
        );
        expect(await page.locator('main').textContent()).not.toContain('Eleventh');
        expect(javaScriptEnabled ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe('dates in another time zone', () => {
  it('are judged by the service in Europe/London, whatever the browser’s time zone (Kiritimati, UTC+14)', async () => {
    const { browser } = test;
    const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    try {
      const page = await context.newPage();
      await seedSession(context, singleComplete());
      await page.goto(`${baseUrl()}${changeHref('/work-dates')}`);
      await at(page, '/work-dates');
      const today = londonToday(new Date());
      // London's today + 2 is not later than the end of the day two days from now: refused.
      await fillDate(page, 'first-work-date', addDays(today, 2));
      await continueFrom(page);
      expect(await page.locator('.govuk-error-summary').textContent()).toContain(
        'Enter a valid date at least 72 hours from now',
      );
      // London's today + 3 is accepted, although in Kiritimati it may be only two days ahead.
      await fillDate(page, 'first-work-date', addDays(today, 3));
      await continueFrom(page);
      await at(page, '/check-your-answers');
    } finally {
      await context.close();
    }
  });
});

describe('moving around', () => {
  it('goes back with "Go back" and with the browser, keeping the answers', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await page.getByRole('link', { name: 'Go back' }).click();
    await at(page, '/what-would-you-like-to-do');
    expect(await page.isChecked('input[value="single-application"]')).toBe(true);
    await page.goBack();
    await at(page, '/sponsor-details');
    expect(await page.inputValue('#sponsor-name')).toBe('Example Theatre Company Ltd');
    await page.goForward();
    await at(page, '/what-would-you-like-to-do');
  });

  it('keeps "Go back" after a reload, leading to the page before', async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    const path = new URL(page.url()).pathname;
    const before = await page.getByRole('link', { name: 'Go back' }).getAttribute('href');
    for (let reload = 0; reload < 2; reload += 1) {
      await page.reload();
      await at(page, path);
      // The app has taken over the page the server drew (the reload waits for it): "Go back" is still there.
      const back = page.getByRole('link', { name: 'Go back' });
      expect(await back.count(), `reload ${reload}`).toBe(1);
      expect(await back.getAttribute('href')).toBe(before);
    }
    // The page reloaded, answered with its errors, and come back to with the browser's Back: the
    // app's answers for it are not pages loaded whole, and "Go back" stays all the same.
    await page.fill('#family-name', '');
    await continueFrom(page);
    await page.locator('.govuk-error-summary').waitFor();
    expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe(before);
    await page.fill('#family-name', 'Okafor');
    await page.fill('#given-name', 'Ada');
    await continueFrom(page);
    await at(page, '/passenger-date-of-birth');
    await page.goBack();
    await at(page, path);
    expect(await page.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe(before);
    await page.getByRole('link', { name: 'Go back' }).click();
    await at(page, '/what-would-you-like-to-do');
  });

  it('shows the latest leave date as the work dates are typed', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete());
    await page.goto(`${baseUrl()}${changeHref('/work-dates')}`);
    await at(page, '/work-dates');
    const leave = page.locator('#lte-leave-date');
    await fillDate(page, 'last-work-date', { day: '', month: '', year: '' });
    expect(await leave.textContent()).toBe(
      'Enter the date of arrival and both work dates to see the latest date to leave.',
    );
    // Work of nine days: the leave date is 14 days after its end.
    await fillDate(page, 'first-work-date', addDays(londonToday(new Date()), 11));
    const end = addDays(londonToday(new Date()), 20);
    await fillDate(page, 'last-work-date', end);
    const expected = addDays(end, 14);
    expect(await leave.textContent()).toMatch(new RegExp(`^No later than 0?${expected.day} \\w+ ${expected.year}$`));
    // More than 3 months of work, or an end before the start: no date (it would fall before the work ends).
    for (const last of [addDays(londonToday(new Date()), 130), addDays(londonToday(new Date()), 5)]) {
      await fillDate(page, 'last-work-date', last);
      expect(await leave.textContent()).toBe('Correct the work dates to see the latest date to leave.');
    }
  });

  it('takes a passport number typed with spaces, stored without them, and months typed as words', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete());
    await page.goto(`${baseUrl()}${changeHref('/passport-details')}`);
    await at(page, '/passport-details');
    await page.fill('#passport-number', 'QA 12 34 567');
    const issued = addDays(londonToday(new Date()), -400);
    await fillDate(page, 'passport-issue-date', {
      day: String(issued.day),
      month: MONTHS[issued.month - 1]!,
      year: String(issued.year),
    });
    await fillDate(page, 'passport-expiry-date', { day: '1', month: 'Jul', year: String(issued.year + 9) });
    await continueFrom(page);
    await at(page, CHECK_ANSWERS_PATH);
    await page.goto(`${baseUrl()}${changeHref('/passenger-date-of-birth')}`);
    await at(page, '/passenger-date-of-birth');
    await fillDate(page, 'date-of-birth', { day: '14', month: 'gorffennaf', year: '1990' });
    await continueFrom(page);
    await at(page, CHECK_ANSWERS_PATH);
    expect(await page.locator('main').textContent()).toContain('14 July 1990');
    await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
    await at(page, '/complete');
    expect(await page.locator('main').textContent()).toContain(
      'the worker must carry the pre-clearance document, printed or on a phone, with their passport, and show it at the border',
    );
    // Read where the database can be read (PostgreSQL): one application, the number without its spaces.
    const stored = await storedWithPassport('QA1234567');
    if (stored !== undefined) expect(stored).toBe(1);
  });

  it('sends an analytics event for each failed rule once analytics cookies are accepted', async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('button', { name: 'Accept analytics cookies' }).click();
    await page.getByRole('button', { name: 'Start now' }).click();
    await at(page, '/your-contact-details');
    await continueFrom(page);
    const events = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'validation_error'),
    );
    expect(events).toEqual([
      { event: 'validation_error', path: '/your-contact-details', field: 'sponsor-email', rule: 'required' },
    ]);
  });
});
