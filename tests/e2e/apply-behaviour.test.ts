// How the journey behaves beyond the happy path: ineligible nationalities, a reload in the
// middle, a failed submission tried again, a double click, the group limit, and dates in
// Europe/London whatever the browser's own time zone.
import { describe, expect, it } from 'vitest';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { NEW_FROM_CONCESSION_PATH } from '../../src/shared/api/new-from-concession.ts';
import { axeViolations, baseUrl, useBrowser } from './support/browser.ts';
import { storedApplicationsOf } from './support/database.ts';
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
import { asOf, groupWithMembers, run, seedSession, singleComplete } from './support/journey-states.ts';

const test = useBrowser();

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
    await context.addInitScript(() => sessionStorage.setItem('state', '{"group":"not a list"'));
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/your-contact-details');
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
      if (request.method() === 'POST' && request.url().endsWith(NEW_FROM_CONCESSION_PATH))
        posts.push(request.postData() ?? '');
    });
    await page.goto(`${baseUrl()}/check-your-answers`);
    await page.getByRole('button', { name: 'Confirm details and send the application' }).dblclick();
    await at(page, '/complete');
    expect(posts).toHaveLength(1);
  });

  const FAILURES = [
    // The request reaches the service (and is stored), but its answer is lost on the way back.
    ['a lost answer (502)', { status: 502, body: 'Bad gateway' }, true],
    // The service's own answer while its database is unreachable.
    [
      'the database away (503 ServiceUnavailable)',
      {
        status: 503,
        headers: { 'retry-after': '10' },
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({
          error: 'ServiceUnavailable',
          message: 'Sorry, the service is unavailable: try again shortly',
        }),
      },
      false,
    ],
  ] as const;

  it.each(FAILURES)(
    'after %s shows the server-error page, keeps the answers and sends the same body again',
    async (_, failure, reachesService) => {
      const { page, context } = test;
      await seedSession(context, singleComplete());
      const bodies: string[] = [];
      await page.route(`**${NEW_FROM_CONCESSION_PATH}`, async (route) => {
        bodies.push(route.request().postData() ?? '');
        if (bodies.length > 1) return route.fulfill({ response: await route.fetch() });
        if (reachesService) await route.fetch();
        return route.fulfill(failure);
      });
      await page.goto(`${baseUrl()}/check-your-answers`);
      await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
      await page.locator('h1', { hasText: 'Sorry, there is a problem with the service' }).waitFor();
      expect(await page.locator('main').textContent()).toContain('Try again later.');
      expect(await axeViolations(page)).toEqual([]);
      const saved = await page.evaluate(() => JSON.parse(sessionStorage.getItem('state') ?? '{}').current);
      expect(saved.passengerName['family-name']).toBe('Ní Bhraonáin');

      await page.getByRole('button', { name: 'Try again' }).click();
      await at(page, '/complete');
      expect(bodies).toHaveLength(2);
      expect(bodies[1]).toBe(bodies[0]);
      const reference = (await page.locator('.govuk-panel .app-reference').textContent()) ?? '';
      const stored = await storedApplicationsOf(reference);
      if (stored !== undefined)
        expect(stored.concessionForm.formGroupId).toBe(JSON.parse(bodies[0]!)[0].concessionForm.formGroupId);
    },
  );
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
});

describe('dates in another time zone', () => {
  it('are compared in Europe/London: 23:30 in London is already the next day in Kiritimati', async () => {
    const { browser } = test;
    // A London evening ten days ahead; Kiritimati (UTC+14) is then well into the next day.
    const londonEvening = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 10, 23, 30),
    );
    const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    try {
      const page = await context.newPage();
      await page.clock.setFixedTime(londonEvening);
      const state = asOf(londonEvening, () => singleComplete());
      await seedSession(context, run(state, { type: 'change', path: '/work-dates' }));
      await page.goto(`${baseUrl()}/work-dates`);
      await at(page, '/work-dates');
      const today = londonToday(londonEvening);
      // London's today + 2 is not later than the end of the day two days from now: refused.
      await fillDate(page, 'first-work-date', addDays(today, 2));
      await continueFrom(page);
      expect(await page.locator('.govuk-error-summary').textContent()).toContain(
        'Enter a valid date at least 72 hours from now',
      );
      // London's today + 3 is accepted, although in Kiritimati it is only two days ahead.
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

  it('shows the latest leave date as the work dates are typed', async () => {
    const { page, context } = test;
    await seedSession(context, run(singleComplete(), { type: 'change', path: '/work-dates' }));
    await page.goto(`${baseUrl()}/work-dates`);
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
