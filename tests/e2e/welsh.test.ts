// The service in Welsh, end to end in Chromium: a single application and a group of two, with
// and without JavaScript, every message of one question page, and nothing for axe to find. The
// texts expected are read from the Welsh translation file, so the test follows its wording; the
// translation test checks that none of it is left in English.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIELD_RULES } from '../../src/shared/validation/fields.ts';
import { MESSAGE_KEYS } from '../../src/shared/validation/messages.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { storedApplicationsOf } from './support/database.ts';
import { seedSession, singleComplete } from './support/journey-states.ts';
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
  fillDate,
  inAnyLanguage,
  monthsFromToday,
  reuseFirstSets,
  submitGroup,
  textIn,
  waitForMail,
  worker,
} from './support/journey.ts';
import {
  CONTINUE,
  answerSingleApplicationWithoutJavaScript,
  button,
  fillTravel,
  fillWorkDates,
  pathOf,
  send,
} from './support/no-javascript.ts';

const test = useBrowser((context) => chooseLanguage(context, 'cy'));
const cy = (key: string) => textIn('cy', key);

/** The page is Welsh, left to right, titled in Welsh, and axe finds nothing on it. */
async function expectWelsh(page: Page, javaScript: boolean): Promise<void> {
  expect(await page.getAttribute('html', 'lang')).toBe('cy');
  expect(await page.getAttribute('html', 'dir')).toBe('ltr');
  await expect.poll(() => page.title()).toContain(cy('service.name'));
  expect(await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page)), pathOf(page)).toEqual([]);
}

/** The sponsor's confirmation email for these references, once it has arrived. */
async function confirmationFor(references: readonly string[]) {
  const mail = await waitForMail((all) =>
    all.some((m) => m.to === SPONSOR.email && references.every((reference) => m.text.includes(reference))),
  );
  return mail.find((m) => m.to === SPONSOR.email && references.every((reference) => m.text.includes(reference)))!;
}

describe('in Welsh, with JavaScript', () => {
  it('sends a single application from the start page to the confirmation', { timeout: 180_000 }, async () => {
    const { page } = test;
    await answerSponsor(page, 'single-application');
    await expectWelsh(page, true);
    await answerWorker(page, worker('Pritchard', { givenNames: 'Gwenllian', cosReference: 'C2G8K5CYJS1Q' }));
    await answerTravel(page);
    await answerWorkDates(page);
    await at(page, '/check-your-answers');
    expect(await page.locator('main h1').textContent()).toBe(cy('pages.checkYourAnswers'));
    await expectWelsh(page, true);
    await page.getByRole('button', { name: cy('apply.checkAnswers.send') }).click();
    await at(page, '/complete');
    expect(await page.locator('main h1').textContent()).toBe(cy('pages.complete'));
    await expectWelsh(page, true);
    const reference = ((await page.locator('.govuk-panel .app-reference').textContent()) ?? '').trim();
    expect(reference).toMatch(/^CWC-/);
    // Correspondence in Welsh is bilingual, Welsh first (the Welsh Language Scheme).
    const mail = await confirmationFor([reference]);
    expect(mail.subject.startsWith(cy('email.service.short'))).toBe(true);
    expect(mail.subject).toContain(textIn('en', 'email.service.short'));
    const welsh = mail.text.indexOf(cy('email.common.whatHappensNext'));
    expect(welsh).toBeGreaterThan(-1);
    expect(mail.text.indexOf(textIn('en', 'email.common.whatHappensNext'))).toBeGreaterThan(welsh);
    const stored = await storedApplicationsOf(reference);
    if (stored !== undefined) expect(stored.secondaryDetails.givenNames).toBe('Gwenllian');
  });

  it(
    'sends a group of two, the second reusing the first one’s travel and work dates',
    { timeout: 180_000 },
    async () => {
      const { page } = test;
      await answerSponsor(page, 'group-application');
      await answerWorker(page, worker('Vaughan', { givenNames: 'Owain', cosReference: 'C2G8K5CYGR1Q' }));
      await answerTravel(page);
      await answerWorkDates(page);
      await at(page, '/check-your-answers');
      await addToGroup(page);
      await expectWelsh(page, true);
      await page.getByRole('button', { name: cy('apply.group.add') }).click();
      await at(page, '/passenger-name');
      await answerWorker(page, worker('Rhys', { givenNames: 'Angharad', cosReference: 'C2G8K5CYGR2Q' }));
      await reuseFirstSets(page);
      await addToGroup(page);
      expect(await page.locator('#group-members .govuk-summary-list__key').allTextContents()).toEqual([
        'Owain Vaughan',
        'Angharad Rhys',
      ]);
      const references = await submitGroup(page, 2);
      expect(references).toHaveLength(2);
      await expectWelsh(page, true);
      await confirmationFor(references);
    },
  );
});

describe('in Welsh, without JavaScript', () => {
  async function withoutJavaScript(run: (page: Page, context: BrowserContext) => Promise<void>) {
    const context = await test.browser.newContext({ javaScriptEnabled: false });
    try {
      await chooseLanguage(context, 'cy');
      await run(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  it('sends a single application from the first question to the confirmation', { timeout: 180_000 }, async () => {
    await withoutJavaScript(async (page) => {
      await answerSingleApplicationWithoutJavaScript(
        page,
        SPONSOR,
        worker('Llewelyn', { givenNames: 'Dafydd', cosReference: 'C2G8K5CYNJ1Q' }),
      );
      expect(await page.locator('main h1').textContent()).toBe(cy('pages.checkYourAnswers'));
      await expectWelsh(page, false);
      await send(page, button('send'));
      expect(pathOf(page)).toBe('/complete');
      await expectWelsh(page, false);
      const reference = ((await page.locator('.govuk-panel .app-reference').textContent()) ?? '').trim();
      await confirmationFor([reference]);
    });
  });

  it('sends a group of two', { timeout: 180_000 }, async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(`${baseUrl()}/your-contact-details`);
      await page.fill('#sponsor-email', SPONSOR.email);
      await send(page, CONTINUE);
      await page.fill('#sponsor-name', SPONSOR.name);
      await page.fill('#sponsor-reference', SPONSOR.reference);
      await send(page, CONTINUE);
      await page.check('input[name="what-would-you-like-to-do"][value="group-application"]');
      await send(page, CONTINUE);
      for (const [index, [given, family]] of [
        ['Nia', 'Griffiths'],
        ['Iolo', 'Morgan'],
      ].entries()) {
        const member = worker(family!, { givenNames: given!, cosReference: `C2G8K5CYNG${index}Q` });
        expect(pathOf(page)).toBe('/passenger-name');
        await page.fill('#family-name', member.familyName);
        await page.fill('#given-name', member.givenNames);
        await send(page, CONTINUE);
        await fillDate(page, 'date-of-birth', member.dateOfBirth);
        await send(page, CONTINUE);
        await page.selectOption('#nationality', member.nationality);
        await send(page, CONTINUE);
        await page.fill('#passport-number', member.passportNumber);
        await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
        await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
        await send(page, CONTINUE);
        await page.fill('#cos-reference', member.cosReference);
        await send(page, CONTINUE);
        if (index === 0) {
          await fillTravel(page);
          await send(page, CONTINUE);
          await fillWorkDates(page);
          await send(page, CONTINUE);
        } else {
          await page.check('input[name="reuse-travel-details"][value="0"]');
          await send(page, CONTINUE);
          await page.check('input[name="reuse-work-dates"][value="0"]');
          await send(page, CONTINUE);
        }
        expect(pathOf(page)).toBe('/check-your-answers');
        await send(page, button('add-to-group'));
        expect(pathOf(page)).toBe('/group-edit');
        if (index === 0) {
          await expectWelsh(page, false);
          await send(page, button('add-applicant'));
        }
      }
      await send(page, button('send'));
      expect(pathOf(page)).toBe('/complete');
      await expectWelsh(page, false);
      const references = (await page.locator('.app-reference-list .app-reference').allTextContents()).map((r) =>
        r.trim(),
      );
      expect(references).toHaveLength(2);
      await confirmationFor(references);
    });
  });
});

// The passport page's three fields and their three rules each: every message it can show.
const PASSPORT_FIELDS = ['passport-number', 'passport-issue-date', 'passport-expiry-date'] as const;
const passportMessages = PASSPORT_FIELDS.flatMap((field) =>
  FIELD_RULES[field].map((rule) => cy((MESSAGE_KEYS[field] as Record<string, string>)[rule]!)),
);

/** Three wrong answers to the passport page, between them breaking every rule of its fields. */
const WRONG_PASSPORTS = [
  async (page: Page) => {
    await page.fill('#passport-number', '');
    await fillDate(page, 'passport-issue-date', { day: '', month: '', year: '' });
    await fillDate(page, 'passport-expiry-date', { day: '', month: '', year: '' });
  },
  async (page: Page) => {
    await page.fill('#passport-number', 'AB');
    await fillDate(page, 'passport-issue-date', { day: '31', month: '4', year: '2020' });
    await fillDate(page, 'passport-expiry-date', { day: 'x', month: '1', year: '2030' });
  },
  async (page: Page) => {
    await page.fill('#passport-number', 'AB-12345');
    await fillDate(page, 'passport-issue-date', daysFromToday(1));
    await fillDate(page, 'passport-expiry-date', daysFromToday(0));
  },
];

describe.each([true, false])('the passport page in Welsh (JavaScript: %s)', (javaScript) => {
  it(
    'shows every message it can show, in Welsh, in the summary and beside its field',
    { timeout: 180_000 },
    async () => {
      const context = await test.browser.newContext({ javaScriptEnabled: javaScript });
      try {
        // The pages before it, answered: given to the service with JavaScript, through the forms without.
        if (javaScript) await seedSession(context, singleComplete(), 'cy');
        else await chooseLanguage(context, 'cy');
        const page = await context.newPage();
        if (!javaScript) await answerSingleApplicationWithoutJavaScript(page, SPONSOR, worker('Passport'));
        await page.goto(`${baseUrl()}/passport-details`);
        const seen = new Set<string>();
        for (const answerWrongly of WRONG_PASSPORTS) {
          await answerWrongly(page);
          if (javaScript) await continueFrom(page);
          else await send(page, CONTINUE);
          expect(pathOf(page)).toBe('/passport-details');
          const summary = page.locator('.govuk-error-summary');
          await summary.waitFor();
          expect(await summary.locator('h2').textContent()).toBe(cy('validation.errorSummaryTitle'));
          expect(await page.title()).toMatch(new RegExp(`^${cy('page.errorPrefix')}`));
          const inline = (await page.locator('.govuk-error-message').allTextContents()).map((text) =>
            text.replace(new RegExp(`^${cy('page.errorPrefix').trim()}\\s*`), ''),
          );
          for (const text of await summary.locator('li a').allTextContents()) {
            expect(inline).toContain(text);
            seen.add(text);
          }
          await expectWelsh(page, javaScript);
        }
        expect([...seen].sort()).toEqual([...new Set(passportMessages)].sort());
        // And the page answered rightly goes on.
        await page.fill('#passport-number', 'AB12345');
        await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
        await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
        if (javaScript) {
          await page.getByRole('button', { name: inAnyLanguage('apply.continue') }).click();
          await page.waitForURL((url) => url.pathname !== '/passport-details');
        } else {
          await send(page, CONTINUE);
          expect(pathOf(page)).not.toBe('/passport-details');
        }
      } finally {
        await context.close();
      }
    },
  );
});
