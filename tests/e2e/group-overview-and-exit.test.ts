// The group overview and the pages around it, with and without JavaScript, in English and Arabic:
// "Go back" from the overview reopens the last member's check your answers; a full group is not
// offered another applicant; the declaration comes before "Submit applications"; the confirmation
// page lists each reference on one line and says what happens next; Exit asks before deleting
// answers not yet sent, and leaving the page loses nothing: the service keeps the answers, and
// opening it again in the same browser offers to continue them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../fixtures/applicants.ts';
import type { StepPath } from '../../src/shared/journey/paths.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { fillDate, monthsFromToday, SPONSOR, worker, at } from './support/journey.ts';
import { groupWithMembers, run, seedSession, singleComplete, withReceipts } from './support/journey-states.ts';
import { button, CONTINUE, fillTravel, fillWorkDates, pathOf, send } from './support/no-javascript.ts';

// GOV.UK itself is out of reach here: the run's Chromium reaches a stand-in (support/gov-uk-stand-in.ts).
const test = useBrowser();

const TEXTS = {
  en: {
    goBack: 'Go back',
    exit: 'Exit to GOV.UK',
    confirmExit: 'Exit and delete my answers',
    stay: 'Go back to my answers',
    returning: 'Check your answers before returning to the group',
    adding: 'Check your answers before adding the applicant',
    declaration: 'By sending the application you confirm',
  },
  ar: {
    goBack: 'رجوع',
    exit: 'الخروج إلى GOV.UK',
    confirmExit: 'الخروج وحذف إجاباتي',
    stay: 'العودة إلى إجاباتي',
    returning: 'تحقق من إجاباتك قبل العودة إلى المجموعة',
    adding: 'تحقق من إجاباتك قبل إضافة مقدم الطلب',
    declaration: 'بإرسال الطلب تؤكد',
  },
} as const;

/** A group of `count` members and the next member's every question answered: their check your answers. */
function groupWithNextAnswered(count: number) {
  const answers = validApplicantAnswers(new Date(), {
    'what-would-you-like-to-do': 'group-application',
    'family-name': 'Member1',
    'passport-number': 'P00000001',
  });
  const step = (path: StepPath) => ({ type: 'submitStep' as const, path, answers });
  return run(
    groupWithMembers(count),
    { type: 'reuse', kind: 'travel', choice: '' },
    step('/travel-details'),
    { type: 'reuse', kind: 'workDates', choice: '' },
    step('/work-dates'),
  );
}

/** Closes the page as a user closing the tab would, and gives the dialogs it showed. */
async function closeTab(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  // Browsers show the warning only on a page the user has interacted with.
  await page.locator('main h1').click();
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
  return dialogs;
}

describe.each(['en', 'ar'] as const)('the group overview with JavaScript, in %s', (language) => {
  const texts = TEXTS[language];

  it('goes back to the last member’s check your answers, not to a new member', async () => {
    const { page, context } = test;
    await seedSession(context, groupWithNextAnswered(1), language);
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/check-your-answers');
    expect(await page.locator('main h1').textContent()).toBe(texts.adding);
    await page.locator(button('add-to-group')).click();
    await at(page, '/group-edit');
    await page.getByRole('link', { name: texts.goBack }).click();
    await at(page, '/check-your-answers');
    expect(await page.locator('main h1').textContent()).toBe(texts.returning);
    // The member is the last of the group, opened for changes, and still in the group.
    expect(await page.locator('.app-group-strip').textContent()).toMatch(/Member1 \(2\D+2\)$/);
    expect(await page.locator('main').textContent()).toContain('Member1');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator(button('add-to-group')).click();
    await at(page, '/group-edit');
    await expect(page.locator('#group-members .govuk-summary-list__row').count()).resolves.toBe(2);
  });

  it('of 10 members offers no other applicant, and shows the declaration before Submit applications', async () => {
    const { page, context } = test;
    await seedSession(context, groupWithMembers(10), language);
    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    await expect(page.locator('#group-members .govuk-summary-list__row').count()).resolves.toBe(10);
    expect(await page.locator(button('add-applicant')).count()).toBe(0);
    expect(await page.locator('main .govuk-inset-text').count()).toBe(1);
    const form = page.locator('main form:has(button[value="send"])');
    expect(await form.locator('p.govuk-body').first().textContent()).toContain(texts.declaration);
    // The Go back link leads to the last member's check your answers, for a new tab too.
    expect(await page.getByRole('link', { name: texts.goBack }).getAttribute('href')).toBe(
      '/check-your-answers?edit=9',
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe.each(['en', 'ar'] as const)('the confirmation page, in %s', (language) => {
  it.each([1, 10])(
    'of %s applications lists each reference whole, on one line, and what happens next',
    async (count) => {
      const { page, context } = test;
      await seedSession(context, withReceipts(count), language);
      for (const width of [320, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl()}/complete`);
        await at(page, '/complete');
        const references = page.locator('main .app-reference');
        await expect(references.count()).resolves.toBe(count);
        for (const reference of await references.all()) {
          expect(await reference.getAttribute('dir')).toBe('ltr');
          expect(await reference.evaluate((element) => element.tagName)).toBe('BDI');
          // One line box: never broken.
          expect(await reference.evaluate((element) => element.getClientRects().length)).toBe(1);
          const { height, lineHeight } = await reference.evaluate((element) => ({
            height: element.getBoundingClientRect().height,
            lineHeight: parseFloat(getComputedStyle(element).lineHeight),
          }));
          expect(height).toBeLessThan(lineHeight * 1.5);
        }
        if (count > 1) expect(await page.locator('main ul.app-reference-list > li').count()).toBe(count);
        const widths = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(widths, `${width} pixels`).toBe(width);
        expect(await axeViolations(page)).toEqual([]);
      }
      const main = (await page.locator('main').textContent()) ?? '';
      if (language === 'en') {
        expect(main).toContain('bookings@example-theatre.co.uk');
        expect(main).toContain(
          count === 1 ? 'check the status of the application.' : 'check the status of the applications.',
        );
        expect(main).toContain('You will need your sponsor licence number to open the link.');
        expect(main).toContain('email you within 72 hours');
      } else {
        expect(main).toContain('رقم ترخيص الكفيل');
        expect(main).toContain('72 ساعة');
      }
    },
  );
});

describe.each(['en', 'ar'] as const)('Exit with answers not yet sent, with JavaScript, in %s', (language) => {
  const texts = TEXTS[language];

  it('asks first; staying keeps the answers, confirming deletes them and leaves', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete(), language);
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/check-your-answers');
    await page.locator('header button', { hasText: texts.exit }).click();
    await at(page, '/exit');
    expect(await page.locator('main .govuk-warning-text').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: texts.stay }).click();
    await at(page, '/check-your-answers');
    expect(await page.locator('main').textContent()).toContain('bookings@example-theatre.co.uk');

    await page.locator('header button', { hasText: texts.exit }).click();
    await at(page, '/exit');
    // No warning about leaving: the user has just said so.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await Promise.all([
      page.waitForRequest('https://www.gov.uk/'),
      page.getByRole('button', { name: texts.confirmExit }).click(),
    ]);
    await page.waitForURL('https://www.gov.uk/');
    expect(dialogs).toEqual([]);
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/your-contact-details');
    expect(await page.inputValue('#sponsor-email')).toBe('');
  });
});

describe('Exit with nothing entered', () => {
  it('leaves at once', async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/your-contact-details`);
    await at(page, '/your-contact-details');
    await Promise.all([
      page.waitForRequest('https://www.gov.uk/'),
      page.locator('header button', { hasText: 'Exit to GOV.UK' }).click(),
    ]);
    await page.waitForURL('https://www.gov.uk/');
  });
});

/** The start page of the service opened again in a new tab of the same browser: its "Continue your application" button, if any. */
async function reopen(page: Page): Promise<{ tab: Page; continueButton: ReturnType<Page['getByRole']> }> {
  const tab = await page.context().newPage();
  await tab.goto(`${baseUrl()}/`);
  await at(tab, '/');
  return { tab, continueButton: tab.getByRole('button', { name: 'Continue your application' }) };
}

// Closing the tab loses nothing (the service keeps the answers), so the browser is not asked to
// warn about leaving: the answers are there when the service is opened again in the same browser.
describe('leaving the page', () => {
  it('with answers not yet sent, loses nothing: the service opened again offers to continue them', async () => {
    const { page, context } = test;
    await seedSession(context, run(groupWithMembers(10), { type: 'clearAndReturn' }));
    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    const { tab, continueButton } = await reopenAfterClosing(page);
    expect(await continueButton.count()).toBe(1);
    await continueButton.click();
    await at(tab, '/group-edit');
    await expect(tab.locator('#group-members .govuk-summary-list__row').count()).resolves.toBe(10);
  });

  it('once an answer is typed in a new visit, loses nothing: the service opened again offers to continue it', async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/your-contact-details`);
    await at(page, '/your-contact-details');
    await page.fill('#sponsor-email', 'bookings@example.org');
    await page.getByRole('button', { name: 'Continue' }).click();
    await at(page, '/sponsor-details');
    const { tab, continueButton } = await reopenAfterClosing(page);
    expect(await continueButton.count()).toBe(1);
    await continueButton.click();
    await at(tab, '/sponsor-details');
    await tab.goto(`${baseUrl()}/your-contact-details`);
    await at(tab, '/your-contact-details');
    expect(await tab.inputValue('#sponsor-email')).toBe('bookings@example.org');
  });

  it('with nothing entered, has nothing to continue', async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/your-contact-details`);
    await at(page, '/your-contact-details');
    const { continueButton } = await reopenAfterClosing(page);
    expect(await continueButton.count()).toBe(0);
  });

  it('once the answers are sent, has nothing to continue', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete({ 'passport-number': 'LEAVE0001' }));
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/check-your-answers');
    await page.locator(button('send')).click();
    await at(page, '/complete');
    const { continueButton } = await reopenAfterClosing(page);
    expect(await continueButton.count()).toBe(0);
  });
});

/** Closes the tab (asserting that no warning stops it) and opens the service again in the same browser. */
async function reopenAfterClosing(page: Page) {
  expect(await closeTab(page)).toEqual([]);
  return reopen(page);
}

describe.each(['en', 'ar'] as const)('without JavaScript, in %s', (language) => {
  const texts = TEXTS[language];

  it(
    'a group’s overview goes back to the last member, and Exit asks before deleting',
    { timeout: 120_000 },
    async () => {
      const context = await test.browser.newContext({ javaScriptEnabled: false });
      try {
        await chooseLanguage(context, language);
        const page = await context.newPage();
        const member = worker('Nojsoverview');
        await page.goto(`${baseUrl()}/your-contact-details`);
        await page.fill('#sponsor-email', SPONSOR.email);
        await send(page, CONTINUE);
        await page.fill('#sponsor-name', SPONSOR.name);
        await page.fill('#sponsor-reference', SPONSOR.reference);
        await send(page, CONTINUE);
        await page.check('input[name="what-would-you-like-to-do"][value="group-application"]');
        await send(page, CONTINUE);
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
        await fillTravel(page);
        await send(page, CONTINUE);
        await fillWorkDates(page);
        await send(page, CONTINUE);
        expect(pathOf(page)).toBe('/check-your-answers');
        expect(await page.locator('main h1').textContent()).toBe(texts.adding);
        await send(page, button('add-to-group'));
        expect(pathOf(page)).toBe('/group-edit');
        const form = page.locator('main form:has(button[value="send"])');
        expect(await form.locator('p.govuk-body').first().textContent()).toContain(texts.declaration);
        expect(await page.locator(button('add-applicant')).count()).toBe(1);
        expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);

        // Go back: the member's check your answers, opened for changes.
        const back = page.getByRole('link', { name: texts.goBack });
        expect(await back.getAttribute('href')).toBe('/check-your-answers?edit=0');
        await send(page, 'a.govuk-back-link');
        expect(pathOf(page)).toBe('/check-your-answers');
        expect(await page.locator('main h1').textContent()).toBe(texts.returning);
        expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);

        // Exit asks first; Go back to my answers keeps them.
        await send(page, `header button[name="action"][value="exit"]`);
        expect(pathOf(page)).toBe('/exit');
        expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
        await send(page, `main a:has-text("${texts.stay}")`);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/check-your-answers?edit=0');
        expect(await page.locator('main').textContent()).toContain(member.familyName);

        // Confirmed: the answers and the session are gone.
        await send(page, `header button[name="action"][value="exit"]`);
        expect(pathOf(page)).toBe('/exit');
        await Promise.all([page.waitForRequest('https://www.gov.uk/'), page.locator(button('exit-confirmed')).click()]);
        await page.waitForURL('https://www.gov.uk/');
        expect((await context.cookies(baseUrl())).map((cookie) => cookie.name)).not.toContain('formSession');
        await page.goto(`${baseUrl()}/passenger-name`);
        await page.waitForURL((url) => url.pathname === '/your-contact-details');
      } finally {
        await context.close();
      }
    },
  );
});
