// Every validation message that a question page can show, shown at least once in
// Chromium by typing what breaks each rule; each time with the error summary focused, "Error: "
// in the title, and no axe violation.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSavedFormState } from '../../src/shared/journey/form-state.ts';
import { PAGE_DATA_ID } from '../../src/shared/pages/page-data.ts';
import { FIELD_RULES } from '../../src/shared/validation/fields.ts';
import { MESSAGE_KEYS } from '../../src/shared/validation/messages.ts';
import ar from '../../src/shared/i18n/translations/ar.json';
import cy from '../../src/shared/i18n/translations/cy.json';
import en from '../../src/shared/i18n/translations/en.json';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  titleWhenErrorSummaryAppears,
  useBrowser,
} from './support/browser.ts';
import {
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  chooseNationality,
  continueFrom,
  daysFromToday,
  defaultTravel,
  defaultWorkDates,
  fillDate,
  monthsFromToday,
  worker,
} from './support/journey.ts';
import { seedSession, singleComplete } from './support/journey-states.ts';

const test = useBrowser();
const long = 'x'.repeat(201);

// Fields asked on the question pages; the others are derived, fixed or belong to the status page.
const PAGE_FIELDS = [
  'sponsor-email',
  'sponsor-name',
  'sponsor-reference',
  'what-would-you-like-to-do',
  'nationality',
  'family-name',
  'given-name',
  'worker-email',
  'date-of-birth',
  'passport-number',
  'passport-issue-date',
  'passport-expiry-date',
  'port-of-departure',
  'date-of-arrival',
  'method-of-arrival',
  'port-of-arrival',
  'carrier',
  'flight-number',
  'first-work-date',
  'last-work-date',
  'cos-reference',
  'reuse-travel-details',
  'reuse-work-dates',
] as const;

function message(key: string): string {
  const [, field, rule] = key.split('.');
  return (en.validation as unknown as Record<string, Record<string, string>>)[field!]![rule!]!;
}

// `eligible` leads to /ineligible instead of a message; `validOption` needs a value no page offers;
// the nationality is chosen from a list, and typed text that names no country leaves it empty.
const UNREACHABLE = new Set([
  'nationality.eligible',
  'nationality.noControlCharacters',
  'what-would-you-like-to-do.validOption',
  'method-of-arrival.validOption',
]);
const expected = new Map<string, string>();
for (const field of PAGE_FIELDS) {
  for (const rule of FIELD_RULES[field]) {
    if (!UNREACHABLE.has(`${field}.${rule}`))
      expected.set(`${field}.${rule}`, message((MESSAGE_KEYS[field] as Record<string, string>)[rule]!));
  }
}

const seen = new Set<string>();

/** Submits the page and records the messages shown, checking the error page's manners. */
async function submitExpectingErrors(page: Page, ...messages: string[]): Promise<void> {
  const path = new URL(page.url()).pathname;
  const titleWithSummary = await titleWhenErrorSummaryAppears(page);
  await continueFrom(page);
  expect(new URL(page.url()).pathname).toBe(path);
  const summary = page.locator('.govuk-error-summary');
  await summary.waitFor();
  expect(await summary.locator('h2').textContent()).toBe('There was an issue with one or more of your answers');
  await page
    .waitForFunction(() => document.activeElement?.classList.contains('govuk-error-summary'))
    .catch(async () => {
      throw new Error(
        `The error summary is not focused; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`,
      );
    });
  expect(await titleWithSummary()).toMatch(/^Error: .+ \| Creative worker visa concession remote clearance$/);
  expect(await page.title()).toMatch(/^Error: .+ \| Creative worker visa concession remote clearance$/);
  const shown = await summary.locator('li a').allTextContents();
  const inline = (await page.locator('.govuk-error-message').allTextContents()).map((text) =>
    text.replace(/^Error:\s*/, ''),
  );
  for (const text of messages) {
    expect(shown, path).toContain(text);
    expect(inline, path).toContain(text);
  }
  for (const text of shown) seen.add(text);
  // Each summary link leads to its field.
  for (const href of await summary.locator('li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(await page.locator(href!).count(), href!).toBe(1);
  }
}

const m = (field: (typeof PAGE_FIELDS)[number], rule: string) => expected.get(`${field}.${rule}`)!;

describe('the validation messages', () => {
  it('refuse hidden characters (a right-to-left override pasted with a name) in every typed answer', async () => {
    const hidden = (text: string) => `${text.slice(0, 3)}\u202E${text.slice(3)}`;
    const pages: Array<[string, Array<(typeof PAGE_FIELDS)[number]>]> = [
      ['/your-contact-details', ['sponsor-email']],
      ['/sponsor-details', ['sponsor-name', 'sponsor-reference']],
      ['/passenger-name', ['family-name', 'given-name', 'worker-email']],
      ['/cos-reference', ['cos-reference']],
      ['/travel-details', ['port-of-departure', 'port-of-arrival', 'carrier', 'flight-number']],
    ];
    for (const [path, fields] of pages) {
      // A browser of its own, so each page starts from the complete answers (the service keeps a
      // refused answer for the browser, and the pages after it wait for it to be put right).
      const context = await test.browser.newContext();
      try {
        await seedSession(context, singleComplete());
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${path}`);
        await at(page, path);
        for (const field of fields) await page.fill(`#${field}`, hidden(await page.inputValue(`#${field}`)));
        await submitExpectingErrors(page, ...fields.map((field) => m(field, 'noControlCharacters')));
      } finally {
        await context.close();
      }
    }
  });

  it('refuse a web address in the sponsor’s name and the worker’s names, in English and in Arabic, and let real names with dots through (decision 044)', async () => {
    const arabic = (field: string) =>
      (ar.validation as unknown as Record<string, Record<string, string>>)[field]!.noWebAddress!;
    // Each page once a language; each field gets each kind of address across the two languages.
    const cases = [
      ['en', '/sponsor-details', { 'sponsor-name': 'https://evil.example/pay' }],
      ['en', '/passenger-name', { 'family-name': 'www.evil.example', 'given-name': 'evil.example/pay' }],
      ['ar', '/sponsor-details', { 'sponsor-name': 'evil.example/pay' }],
      ['ar', '/passenger-name', { 'family-name': 'https://evil.example/pay', 'given-name': 'www.evil.example' }],
    ] as const;
    for (const [language, path, typed] of cases) {
      const context = await test.browser.newContext();
      try {
        await seedSession(context, singleComplete(), language);
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${path}`);
        await at(page, path);
        const fields = Object.keys(typed) as Array<'sponsor-name' | 'family-name' | 'given-name'>;
        for (const field of fields) await page.fill(`#${field}`, (typed as Record<string, string>)[field]!);
        if (language === 'en') {
          await submitExpectingErrors(page, ...fields.map((field) => m(field, 'noWebAddress')));
        } else {
          await continueFrom(page);
          await page.locator('.govuk-error-summary').waitFor();
          await page.waitForFunction(() => document.activeElement?.classList.contains('govuk-error-summary'));
          expect(await page.title()).toMatch(/^خطأ: /);
          const shown = await page.locator('.govuk-error-summary li a').allTextContents();
          for (const field of fields) {
            expect(shown).toContain(arabic(field));
            expect(await page.locator(`#${field}-error`).textContent()).toContain(arabic(field));
          }
        }
        expect(await axeViolations(page)).toEqual([]);
        // Real names with dots, apostrophes and hyphens pass.
        if (path === '/sponsor-details') await page.fill('#sponsor-name', 'St. John’s Theatre Co.,Ltd.');
        else {
          await page.fill('#family-name', 'O’Brien-Smith');
          await page.fill('#given-name', 'J.R.R.');
        }
        await continueFrom(page);
        expect(new URL(page.url()).pathname).not.toBe(path);
      } finally {
        await context.close();
      }
    }
  });

  it('refuse worker names in a script other than the passport’s Latin letters, in every language, with and without JavaScript, and let accented names through', async () => {
    const texts = { en, cy, ar } as unknown as Record<string, { validation: Record<string, Record<string, string>> }>;
    const cases = [
      ['en', true, { 'family-name': 'Иванов', 'given-name': 'محمد' }],
      ['cy', false, { 'family-name': '李', 'given-name': 'Ivanов' }],
      ['ar', true, { 'family-name': 'محمد', 'given-name': 'Παύλος' }],
      ['ar', false, { 'family-name': 'Иванов', 'given-name': '山田' }],
    ] as const;
    for (const [language, javaScriptEnabled, typed] of cases) {
      const context = await test.browser.newContext({ javaScriptEnabled });
      try {
        await seedSession(context, singleComplete(), language);
        const page = await context.newPage();
        await page.goto(`${baseUrl()}/passenger-name`);
        await page.fill('#family-name', typed['family-name']);
        await page.fill('#given-name', typed['given-name']);
        if (language === 'en') {
          await submitExpectingErrors(page, m('family-name', 'latinLetters'), m('given-name', 'latinLetters'));
        } else if (javaScriptEnabled) {
          await continueFrom(page);
          await page.locator('.govuk-error-summary').waitFor();
        } else {
          await Promise.all([
            page.waitForNavigation({ waitUntil: 'load' }),
            page.click('main form button[type="submit"]'),
          ]);
        }
        const shown = await page.locator('.govuk-error-summary li a').allTextContents();
        for (const field of ['family-name', 'given-name']) {
          const text = texts[language]!.validation[field]!.latinLetters!;
          expect(shown, `${language} ${field}`).toContain(text);
          expect(await page.locator(`#${field}-error`).textContent()).toContain(text);
        }
        expect(await page.title()).toMatch(language === 'en' ? /^Error: / : language === 'cy' ? /^Gwall: / : /^خطأ: /);
        expect(javaScriptEnabled ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page)).toEqual([]);
        // Accents, apostrophes, hyphens and spaces are Latin letters' company: they pass.
        await page.fill('#family-name', 'Nguyễn-O’Brien');
        await page.fill('#given-name', 'Élodie Núñez Øverland ß');
        if (javaScriptEnabled) await continueFrom(page);
        else
          await Promise.all([
            page.waitForNavigation({ waitUntil: 'load' }),
            page.click('main form button[type="submit"]'),
          ]);
        await page.waitForURL((url) => url.pathname !== '/passenger-name');
      } finally {
        await context.close();
      }
    }
  });

  it('answer a very long answer with its field’s error, and keep every other answer, after a reload too', async () => {
    await seedSession(test.context, singleComplete());
    const { page } = test;
    await page.goto(`${baseUrl()}/passenger-name`);
    await at(page, '/passenger-name');
    await page.fill('#family-name', 'x'.repeat(5000));
    await submitExpectingErrors(page, m('family-name', 'maxLength'));
    await page.reload();
    await at(page, '/passenger-name');
    expect(await page.locator('#family-name-error').textContent()).toContain(m('family-name', 'maxLength'));
    // Every other answer is still kept: the service's answers for the page it sent after the
    // reload (written into it) were read back, not thrown away.
    const kept = parseSavedFormState(
      await page.evaluate(
        (id) => JSON.parse(document.getElementById(id)?.textContent ?? 'null').session.formState,
        PAGE_DATA_ID,
      ),
    );
    const seeded = singleComplete().current;
    expect(kept.current.sponsorContact).toEqual(seeded.sponsorContact);
    expect(kept.current.passport).toEqual(seeded.passport);
    expect(kept.current.workDates).toEqual(seeded.workDates);
  });

  // One application answered page after page: each test takes it on from where the one before
  // left it, on a page of their own that lives through them all (vitest runs them in order).
  describe('on the sponsor pages and the applicant pages, in the order of the journey', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await test.browser.newContext();
      page = await context.newPage();
    });
    afterAll(async () => {
      await context.close();
    });

    it('are shown on the sponsor pages', async () => {
      await answerSponsor(page, 'single-application');
      // Back to the first page to break its rules.
      await page.goBack();
      await page.goBack();
      await page.goBack();
      await at(page, '/your-contact-details');
      await page.fill('#sponsor-email', '');
      await submitExpectingErrors(page, m('sponsor-email', 'required'));
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#sponsor-email', 'bookings@example');
      await submitExpectingErrors(page, m('sponsor-email', 'validEmail'));
      await page.fill('#sponsor-email', 'bookings@example.org');
      await continueFrom(page);

      await at(page, '/sponsor-details');
      await page.fill('#sponsor-name', '');
      await page.fill('#sponsor-reference', '');
      await submitExpectingErrors(page, m('sponsor-name', 'required'), m('sponsor-reference', 'required'));
      await page.fill('#sponsor-name', long);
      await page.fill('#sponsor-reference', long);
      await submitExpectingErrors(page, m('sponsor-name', 'maxLength'), m('sponsor-reference', 'maxLength'));
      await page.fill('#sponsor-name', 'Example Theatre');
      await page.fill('#sponsor-reference', 'TNBHDW2R7');
      await continueFrom(page);

      await at(page, '/what-would-you-like-to-do');
      await page.evaluate(() =>
        document.querySelectorAll('input[type=radio]').forEach((r) => ((r as HTMLInputElement).checked = false)),
      );
      await submitExpectingErrors(page, m('what-would-you-like-to-do', 'required'));
      expect(await axeViolations(page)).toEqual([]);
      await page.check('input[value="single-application"]');
      await continueFrom(page);
    });

    it('are shown on the pages about the worker', async () => {
      await at(page, '/passenger-name');
      await submitExpectingErrors(page, m('family-name', 'required'), m('given-name', 'required'));
      await page.fill('#family-name', long);
      await page.fill('#given-name', long);
      await page.fill('#worker-email', 'worker@');
      await submitExpectingErrors(
        page,
        m('family-name', 'maxLength'),
        m('given-name', 'maxLength'),
        m('worker-email', 'validEmail'),
      );
      // Names made of punctuation only; given names typed as well as the one-name answer.
      await page.fill('#family-name', '-');
      await page.fill('#given-name', '.');
      await page.fill('#worker-email', '');
      await submitExpectingErrors(page, m('family-name', 'hasLetter'), m('given-name', 'hasLetter'));
      await page.fill('#family-name', 'Okafor');
      await page.fill('#given-name', 'Chidi');
      await page.check('input[name="one-name"]');
      await submitExpectingErrors(page, m('given-name', 'emptyWithOneName'));
      await page.uncheck('input[name="one-name"]');
      await continueFrom(page);

      await at(page, '/passenger-date-of-birth');
      await submitExpectingErrors(page, m('date-of-birth', 'required'));
      await fillDate(page, 'date-of-birth', { day: '30', month: '2', year: '1990' });
      await submitExpectingErrors(page, m('date-of-birth', 'validDate'));
      expect(await axeViolations(page)).toEqual([]);
      await fillDate(page, 'date-of-birth', daysFromToday(1));
      await submitExpectingErrors(page, m('date-of-birth', 'beforeToday'));
      await fillDate(page, 'date-of-birth', { day: '17', month: '5', year: '1990' });
      await continueFrom(page);

      await at(page, '/nationality');
      await submitExpectingErrors(page, m('nationality', 'required'));
      expect(await axeViolations(page)).toEqual([]);
      await chooseNationality(page, 'USA - American');
      await continueFrom(page);
    });

    it('are shown on the passport and certificate of sponsorship pages', async () => {
      await at(page, '/passport-details');
      await submitExpectingErrors(
        page,
        m('passport-number', 'required'),
        m('passport-issue-date', 'required'),
        m('passport-expiry-date', 'required'),
      );
      await page.fill('#passport-number', 'AB');
      await fillDate(page, 'passport-issue-date', { day: '31', month: '4', year: '2020' });
      await fillDate(page, 'passport-expiry-date', { day: 'x', month: '1', year: '2030' });
      await submitExpectingErrors(
        page,
        m('passport-number', 'length'),
        m('passport-issue-date', 'validDate'),
        m('passport-expiry-date', 'validDate'),
      );
      await page.fill('#passport-number', 'AB-12345');
      await fillDate(page, 'passport-issue-date', daysFromToday(1));
      await fillDate(page, 'passport-expiry-date', daysFromToday(0));
      await submitExpectingErrors(
        page,
        m('passport-number', 'characters'),
        m('passport-issue-date', 'notInFuture'),
        m('passport-expiry-date', 'afterToday'),
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#passport-number', 'AB12345');
      await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
      // Expires before the arrival below, for the arrival's rule.
      await fillDate(page, 'passport-expiry-date', daysFromToday(5));
      await continueFrom(page);

      await at(page, '/cos-reference');
      await submitExpectingErrors(page, m('cos-reference', 'required'));
      await page.fill('#cos-reference', long);
      await submitExpectingErrors(page, m('cos-reference', 'maxLength'));
      await page.fill('#cos-reference', 'C2G8K51234567Q');
      await continueFrom(page);
    });

    it('are shown on the travel details page', async () => {
      await at(page, '/travel-details');
      await submitExpectingErrors(
        page,
        m('port-of-departure', 'required'),
        m('date-of-arrival', 'required'),
        m('method-of-arrival', 'required'),
        m('port-of-arrival', 'required'),
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.check('input[name="method-of-arrival"][value="plane"]');
      await page.fill('#port-of-departure', long);
      await page.fill('#port-of-arrival', long);
      await fillDate(page, 'date-of-arrival', { day: '1', month: '13', year: '2026' });
      await submitExpectingErrors(
        page,
        m('carrier', 'required'),
        m('flight-number', 'required'),
        m('port-of-departure', 'maxLength'),
        m('port-of-arrival', 'maxLength'),
        m('date-of-arrival', 'validDate'),
      );
      await page.fill('#carrier', long);
      await page.fill('#flight-number', long);
      await fillDate(page, 'date-of-arrival', daysFromToday(-1));
      await submitExpectingErrors(
        page,
        m('carrier', 'maxLength'),
        m('flight-number', 'maxLength'),
        m('date-of-arrival', 'notInPast'),
      );
      await fillDate(page, 'date-of-arrival', daysFromToday(10));
      await submitExpectingErrors(page, m('date-of-arrival', 'notAfterPassportExpiry'));
      // The passport expiry fixed, the travel details in order.
      await page.goBack();
      await page.goBack();
      await at(page, '/passport-details');
      await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
      await continueFrom(page);
      await at(page, '/cos-reference');
      await continueFrom(page);
      await answerTravel(page, defaultTravel());
    });

    it('are shown on the work dates page', async () => {
      await at(page, '/work-dates');
      await submitExpectingErrors(page, m('first-work-date', 'required'), m('last-work-date', 'required'));
      await fillDate(page, 'first-work-date', { day: '0', month: '1', year: '2027' });
      await fillDate(page, 'last-work-date', { day: '1', month: '1', year: '27' });
      await submitExpectingErrors(page, m('first-work-date', 'validDate'), m('last-work-date', 'validDate'));
      await fillDate(page, 'first-work-date', daysFromToday(2));
      await fillDate(page, 'last-work-date', daysFromToday(1));
      await submitExpectingErrors(page, m('first-work-date', 'atLeast72Hours'), m('last-work-date', 'atLeast72Hours'));
      expect(await axeViolations(page)).toEqual([]);
      await fillDate(page, 'first-work-date', daysFromToday(30));
      await fillDate(page, 'last-work-date', daysFromToday(20));
      await submitExpectingErrors(page, m('first-work-date', 'within14Days'), m('last-work-date', 'notBeforeStart'));
      await fillDate(page, 'first-work-date', daysFromToday(11));
      await fillDate(page, 'last-work-date', monthsFromToday(4));
      await submitExpectingErrors(page, m('last-work-date', 'within3Months'));
      await answerWorkDates(page, defaultWorkDates());
    });

    it('refuse an arrival that no longer fits the work dates, changed from check your answers', async () => {
      // Work starting 14 days after the arrival, then an arrival a day earlier.
      await at(page, '/check-your-answers');
      await page.getByRole('link', { name: 'Change Start date' }).click();
      await at(page, '/work-dates');
      await fillDate(page, 'first-work-date', daysFromToday(24));
      await continueFrom(page);
      await at(page, '/check-your-answers');
      await page.getByRole('link', { name: 'Change Date of arrival in the UK' }).click();
      await at(page, '/travel-details');
      await fillDate(page, 'date-of-arrival', daysFromToday(9));
      await submitExpectingErrors(page, m('date-of-arrival', 'compatibleWithWork'));
    });
  });

  it('are shown on the reuse pages of a group member', async () => {
    const { page } = test;
    await answerSponsor(page, 'group-application');
    await answerWorker(page, worker('Okafor'));
    await answerTravel(page);
    await answerWorkDates(page);
    await at(page, '/check-your-answers');
    await page.getByRole('button', { name: 'Confirm details and add applicant to the group' }).click();
    await at(page, '/group-edit');
    await page.getByRole('button', { name: 'Add another applicant' }).click();
    await answerWorker(page, worker('Smith'));
    await at(page, '/reuse-travel-details');
    await submitExpectingErrors(page, m('reuse-travel-details', 'required'));
    expect(await axeViolations(page)).toEqual([]);
    await page.check('input[name="reuse-travel-details"][value="0"]');
    await continueFrom(page);
    await at(page, '/reuse-work-dates');
    await submitExpectingErrors(page, m('reuse-work-dates', 'required'));
  });

  // Last, after every test above has shown its messages.
  it('include every message a question page can show', () => {
    expect([...expected.values()].filter((text) => !seen.has(text))).toEqual([]);
  });
});
