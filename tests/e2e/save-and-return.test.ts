// The server keeps every application in progress (decision 040): closing the tab loses nothing,
// "Save and come back later" emails a link that opens the answers on any device (once; each use
// emails a new one), and a link that opens nothing says so. With and without JavaScript, with axe
// on each new page, in English, Welsh and Arabic.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/shared/i18n/languages.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { at, continueFrom, inAnyLanguage, textIn, waitForMail } from './support/journey.ts';
import { groupWithMembers, run, seedSession } from './support/journey-states.ts';
import { CONTINUE, pathOf, send } from './support/no-javascript.ts';

const test = useBrowser();

/** An address of the test's own, so that its emails are told apart from every other test's. */
const uniqueEmail = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}@example.org`;

/** The draft link in the newest email to `to` after `seen` of them, and how many there are now. */
async function draftLinkTo(to: string, seen = 0): Promise<{ link: string; count: number }> {
  const mail = await waitForMail((all) => all.filter((m) => m.to === to).length > seen);
  const mine = mail.filter((m) => m.to === to);
  const newest = mine.at(-1)!;
  const link = /https?:\/\/\S+\/continue-application\?token=[\w-]+/.exec(newest.text)?.[0];
  if (link === undefined) throw new Error(`No draft link in: ${newest.text}`);
  return { link, count: mine.length };
}

/** The sponsor's first three answers, with JavaScript: to /passenger-name. */
async function answerSponsor(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl()}/your-contact-details`);
  await page.fill('#sponsor-email', email);
  await continueFrom(page);
  await at(page, '/sponsor-details');
  await page.fill('#sponsor-name', 'Example Theatre Company Ltd');
  await page.fill('#sponsor-reference', 'TNBHDW2R7');
  await continueFrom(page);
  await at(page, '/what-would-you-like-to-do');
  await page.check('input[name="what-would-you-like-to-do"][value="single-application"]');
  await continueFrom(page);
  await at(page, '/passenger-name');
}

const saveButton = (page: Page) => page.getByRole('button', { name: inAnyLanguage('saveReturn.button') });

describe('closing the tab', () => {
  it('with JavaScript, loses nothing: the start page offers to continue, and every answer is there', async () => {
    const { context, page } = test;
    await answerSponsor(page, uniqueEmail('tab'));
    await page.fill('#family-name', 'Ní Bhraonáin');
    await page.fill('#given-name', 'Eithne');
    await continueFrom(page);
    await at(page, '/passenger-date-of-birth');
    await page.close();

    // The same browser, a new tab: the server still keeps the answers.
    const again = await context.newPage();
    await again.goto(`${baseUrl()}/`);
    await again.getByRole('heading', { name: 'You have an application in progress' }).waitFor();
    expect(await axeViolations(again)).toEqual([]);
    await again.getByRole('button', { name: 'Continue your application' }).click();
    await at(again, '/passenger-date-of-birth');
    await again.goto(`${baseUrl()}/passenger-name`);
    expect(await again.inputValue('#family-name')).toBe('Ní Bhraonáin');
    expect(await again.inputValue('#given-name')).toBe('Eithne');
  });

  it('with JavaScript, keeps a group’s members', async () => {
    const { context, page } = test;
    await seedSession(context, run(groupWithMembers(3), { type: 'clearAndReturn' }));
    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    await page.close();
    const again = await context.newPage();
    await again.goto(`${baseUrl()}/`);
    await again.getByRole('button', { name: 'Continue your application' }).click();
    await at(again, '/group-edit');
    expect(await again.locator('#group-members .govuk-summary-list__key').allTextContents()).toEqual([
      'Eithne Patricia Member0',
      'Eithne Patricia Member1',
      'Eithne Patricia Member2',
    ]);
  });

  it('without JavaScript, loses nothing either', async () => {
    const context = await test.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/your-contact-details`);
      await page.fill('#sponsor-email', uniqueEmail('tab-nojs'));
      await send(page, CONTINUE);
      expect(pathOf(page)).toBe('/sponsor-details');
      await page.close();
      const again = await context.newPage();
      await again.goto(`${baseUrl()}/`);
      expect(await again.locator('main').textContent()).toContain('You have an application in progress');
      expect(await axeViolationsWithoutJavaScript(again)).toEqual([]);
      await send(again, 'main a.govuk-button:not(.govuk-button--start)');
      expect(pathOf(again)).toBe('/sponsor-details');
    } finally {
      await context.close();
    }
  });
});

describe('two tabs of one browser', () => {
  it('show the same answers: what one answers, the other shows on its next page', async () => {
    const { context, page } = test;
    await answerSponsor(page, uniqueEmail('tabs'));
    const other = await context.newPage();
    await other.goto(`${baseUrl()}/passenger-name`);
    await other.fill('#family-name', 'Okafor');
    await other.fill('#given-name', 'Chidi');
    await continueFrom(other);
    await at(other, '/passenger-date-of-birth');
    // The first tab, still on the question, moves on: it shows what the other tab answered.
    await page.getByRole('link', { name: 'Go back' }).click();
    await at(page, '/what-would-you-like-to-do');
    await page.goto(`${baseUrl()}/passenger-name`);
    expect(await page.inputValue('#family-name')).toBe('Okafor');
  });
});

/** Saves from /passenger-name with JavaScript (the email given) and gives the saved page. */
async function saveFromNames(page: Page, email: string): Promise<void> {
  await answerSponsor(page, email);
  await page.fill('#family-name', 'Ó Súilleabháin');
  await page.fill('#given-name', 'Seán');
  await saveButton(page).click();
  await at(page, '/application-saved');
}

describe('save and come back later, with JavaScript', () => {
  it('emails a link that opens the answers in another browser once, and emails a new one each time', async () => {
    const { page, browser } = test;
    const email = uniqueEmail('save');
    await saveFromNames(page, email);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('Your application has been saved');
    expect(main).toContain(email);
    expect(main).toMatch(/You can use it until \d{1,2} \w+ \d{4}\./);
    expect(await axeViolations(page)).toEqual([]);
    // "Continue your application" goes back to where the sponsor was.
    await page.getByRole('button', { name: 'Continue your application' }).click();
    await at(page, '/passenger-name');
    expect(await page.inputValue('#family-name')).toBe('Ó Súilleabháin');

    const first = await draftLinkTo(email);
    const elsewhere = await browser.newContext();
    try {
      const phone = await elsewhere.newPage();
      await phone.goto(first.link);
      await phone.getByRole('heading', { name: 'Continue your saved application' }).waitFor();
      expect(await axeViolations(phone)).toEqual([]);
      // Opening the link's page uses nothing up: it is the button that opens the answers.
      await phone.goto(first.link);
      await phone.getByRole('button', { name: 'Continue your application' }).click();
      await at(phone, '/passenger-name');
      expect(await phone.inputValue('#family-name')).toBe('Ó Súilleabháin');
      expect(await phone.inputValue('#given-name')).toBe('Seán');
      const banner = phone.locator('.govuk-notification-banner');
      expect(await banner.textContent()).toContain(`emailed a new link to ${email}`);
      expect(await axeViolations(phone)).toEqual([]);

      // Used up: the link opens nothing now, and a new link is on its way, which works.
      await phone.goto(first.link);
      await phone.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
      const second = await draftLinkTo(email, first.count);
      expect(second.link).not.toBe(first.link);
      const laptop = await browser.newContext();
      try {
        const tab = await laptop.newPage();
        await tab.goto(second.link);
        await tab.getByRole('button', { name: 'Continue your application' }).click();
        await at(tab, '/passenger-name');
        expect(await tab.inputValue('#family-name')).toBe('Ó Súilleabháin');
      } finally {
        await laptop.close();
      }
    } finally {
      await elsewhere.close();
    }
  });

  it('asks where to send the link first when the answers hold no email yet', async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/your-contact-details`);
    await saveButton(page).click();
    await at(page, '/save-your-application');
    expect(await page.locator('h1').textContent()).toBe('Save your application');
    await page.getByRole('button', { name: 'Save and send link' }).click();
    await page.locator('.govuk-error-summary').waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    expect(await page.locator('.govuk-error-summary').textContent()).toContain('Enter an email address');
    expect(await axeViolations(page)).toEqual([]);
    const email = uniqueEmail('ask');
    await page.fill('#sponsor-email', email);
    await page.getByRole('button', { name: 'Save and send link' }).click();
    await at(page, '/application-saved');
    expect(await page.locator('main').textContent()).toContain(email);
    await draftLinkTo(email);
    // The email given is the application's contact email: the first question shows it.
    await page.goto(`${baseUrl()}/your-contact-details`);
    expect(await page.inputValue('#sponsor-email')).toBe(email);
  });
});

describe('save and come back later, without JavaScript', () => {
  it('saves, emails the link, and the link opens the answers in another browser', async () => {
    const context = await test.browser.newContext({ javaScriptEnabled: false });
    const other = await test.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/your-contact-details`);
      await send(page, 'main button[name="action"][value="save"]');
      expect(pathOf(page)).toBe('/save-your-application');
      const email = uniqueEmail('nojs');
      await page.fill('#sponsor-email', email);
      await send(page, CONTINUE);
      expect(pathOf(page)).toBe('/application-saved');
      expect(await page.locator('main').textContent()).toContain(email);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);

      const { link } = await draftLinkTo(email);
      const tab = await other.newPage();
      await tab.goto(link);
      expect(await axeViolationsWithoutJavaScript(tab)).toEqual([]);
      await send(tab, CONTINUE);
      expect(pathOf(tab)).toBe('/your-contact-details');
      expect(await tab.inputValue('#sponsor-email')).toBe(email);
      expect(await tab.locator('.govuk-notification-banner').textContent()).toContain(email);
    } finally {
      await context.close();
      await other.close();
    }
  });
});

describe('a link that opens nothing', () => {
  it('says so, and how to start again, whether it was altered, used or made up', async () => {
    const { page } = test;
    const email = uniqueEmail('tampered');
    await saveFromNames(page, email);
    const { link } = await draftLinkTo(email);
    const token = new URL(link).searchParams.get('token')!;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const address of [
      `${baseUrl()}/continue-application?token=${altered}`,
      `${baseUrl()}/continue-application?token=not-a-token`,
      `${baseUrl()}/continue-application`,
    ]) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
      expect(await page.getByRole('link', { name: 'start a new application' }).count()).toBe(1);
    }
    expect(await axeViolations(page)).toEqual([]);
    // The link itself still opens the answers: nothing of it was used up by the others.
    await page.goto(link);
    await page.getByRole('button', { name: 'Continue your application' }).click();
    await at(page, '/passenger-name');
  });
});

/** A context in `language`, answered to /passenger-name and saved from there (the saved page shown). */
async function savedIn(context: BrowserContext, language: Language): Promise<{ page: Page; link: string }> {
  await chooseLanguage(context, language);
  const page = await context.newPage();
  const email = uniqueEmail(`save-${language}`);
  await page.goto(`${baseUrl()}/your-contact-details`);
  await page.fill('#sponsor-email', email);
  await saveButton(page).click();
  await at(page, '/application-saved');
  return { page, link: (await draftLinkTo(email)).link };
}

describe.each(LANGUAGES)('the pages of a saved application in %s', (language) => {
  it('pass axe, right to left in Arabic', async () => {
    const context = await test.browser.newContext();
    try {
      const { page, link } = await savedIn(context, language);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('h1').textContent()).toBe(textIn(language, 'saveReturn.savedTitle'));
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${baseUrl()}/your-contact-details`);
      await page.fill('#sponsor-email', '');
      await saveButton(page).click();
      await at(page, '/save-your-application');
      await page.getByRole('button', { name: textIn(language, 'saveReturn.save') }).click();
      await page.locator('.govuk-error-summary').waitFor();
      expect(await page.title()).toMatch(new RegExp(`^${textIn(language, 'page.errorPrefix')}`));
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(link);
      expect(await page.locator('h1').textContent()).toBe(textIn(language, 'saveReturn.continueTitle'));
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${baseUrl()}/continue-application?token=x`);
      expect(await page.locator('h1').textContent()).toBe(textIn(language, 'saveReturn.linkProblemTitle'));
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
