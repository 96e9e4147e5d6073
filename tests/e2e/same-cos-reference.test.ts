// A certificate of sponsorship number given twice: a GOV.UK warning on check your answers and on
// the group overview, and the applications can still be sent. Two members of a group with the
// same number, with JavaScript (the journey without JavaScript shows it in
// journey-without-javascript.test.ts); a number already given in another application in progress
// or approved, with and without JavaScript. In English and Arabic, axe-clean.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COS_REFERENCES_IN_USE_PATH } from '../../src/shared/api/cos-references-in-use.ts';
import { NEW_FROM_CONCESSION_PATH } from '../../src/shared/api/new-from-concession.ts';
import { editHref } from '../../src/shared/journey/page-forms.ts';
import { buildSubmission } from '../../src/shared/journey/submission.ts';
import { PAGE_DATA_ID, type PageFacts } from '../../src/shared/pages/page-data.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  openBrowser,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { SPONSOR, at, worker } from './support/journey.ts';
import { groupWithMembers, seedSession, singleComplete } from './support/journey-states.ts';
import { answerSingleApplicationWithoutJavaScript, button, send } from './support/no-javascript.ts';

// What the console says: a hydration mismatch is reported there as an error.
const consoleMessages: string[] = [];
const test = useBrowser(async (context) => {
  consoleMessages.length = 0;
  context.on('console', (message) => {
    if (message.type() === 'error') consoleMessages.push(message.text());
  });
});

const TEXTS = {
  en: {
    current: 'This certificate of sponsorship number is also given for Eithne Patricia Member0 in this group.',
    group:
      'Some applicants in this group have the same certificate of sponsorship number: Eithne Patricia Member0 and Eithne Patricia Member1.',
  },
  ar: {
    current: 'رقم شهادة الرعاية هذا مُدخل أيضًا لـ Eithne Patricia Member0 في هذه المجموعة.',
    group:
      'لدى بعض المتقدمين في هذه المجموعة رقم شهادة الرعاية نفسه: Eithne Patricia Member0 وEithne Patricia Member1.',
  },
} as const;

describe.each(['en', 'ar'] as const)('the same COS number twice in a group, in %s', (language) => {
  it('warns on the group overview and on a member’s check your answers, and the group can still be sent', async () => {
    // Every member of these groups has the fixture's COS number. The second is opened by its Edit link.
    await seedSession(test.context, groupWithMembers(2), language);
    const { page } = test;
    await page.goto(`${baseUrl()}${editHref(1)}`);
    await at(page, '/check-your-answers');
    await expect(page.locator('#same-cos-warning').textContent()).resolves.toContain(TEXTS[language].current);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    await expect(page.locator('#same-cos-warning').textContent()).resolves.toContain(TEXTS[language].group);
    await expect(page.locator('main button[value="send"]').isEnabled()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});

const IN_USE = {
  en: {
    current:
      'This certificate of sponsorship number is already given in another application that is in progress or approved.',
    group:
      'The certificate of sponsorship numbers of Eithne Patricia Member0 and Eithne Patricia Member1 are already given in other applications',
  },
  ar: {
    current: 'رقم شهادة الرعاية هذا مُدخل أيضًا في طلب آخر قيد المعالجة أو تمت الموافقة عليه.',
    group: 'رقما شهادتَي الرعاية الخاصان بـ Eithne Patricia Member0 وEithne Patricia Member1 مُدخلان أيضًا في طلبات أخرى',
  },
} as const;

/** What the service looked up for the page it sent whole (written into it as its data). */
const pageFacts = (page: Page): Promise<PageFacts> =>
  page.evaluate((id) => JSON.parse(document.getElementById(id)?.textContent ?? '{}').facts, PAGE_DATA_ID);

/** A COS number no other test gives. */
const newCosNumber = () => `C2G8U${randomBytes(4).toString('hex').toUpperCase()}`;

/** Sends a single application with this COS number through the API, as a sponsor would have earlier. */
async function sentEarlier(cosReference: string): Promise<void> {
  const { body } = buildSubmission(singleComplete({ 'cos-reference': cosReference }), new Date(), randomUUID);
  const response = await fetch(`${baseUrl()}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}

describe.each(['en', 'ar'] as const)('a COS number already given in another application, in %s', (language) => {
  it('warns on check your answers and the group overview with JavaScript, and the group can still be sent', async () => {
    const number = newCosNumber();
    const { page, context } = test;
    await seedSession(context, groupWithMembers(2, { 'cos-reference': ` ${number.toLowerCase()}` }), language);
    // The service looks the numbers up for every answer it gives for the page: the app asks the API nothing.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(COS_REFERENCES_IN_USE_PATH)) asked.push(request.url());
    });
    // Asked as the page shows (the second member, opened by its Edit link), and not in use yet.
    await page.goto(`${baseUrl()}${editHref(1)}`);
    await at(page, '/check-your-answers');
    expect(await pageFacts(page)).toEqual({ cosReferencesInUse: { asked: [number], inUse: [] } });
    expect(await page.locator('#cos-in-use-warning').count()).toBe(0);

    // Sent by someone since: the page shown again says so.
    await sentEarlier(number);
    await page.reload();
    await at(page, '/check-your-answers');
    await expect(page.locator('#cos-in-use-warning').textContent()).resolves.toContain(IN_USE[language].current);
    expect(await axeViolations(page)).toEqual([]);

    await page.click('main button[value="add-to-group"]');
    await at(page, '/group-edit');
    await expect(page.locator('#cos-in-use-warning').textContent()).resolves.toContain(IN_USE[language].group);
    expect(await axeViolations(page)).toEqual([]);
    await page.click('main button[value="send"]');
    await at(page, '/complete');
    expect(asked).toEqual([]);
    expect(consoleMessages).toEqual([]);
  });

  it('warns without JavaScript, and a browser with JavaScript takes the page over from the server’s answer', async () => {
    const number = newCosNumber();
    await sentEarlier(number);
    const browser = await openBrowser();
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      await chooseLanguage(context, language);
      const page = await context.newPage();
      await answerSingleApplicationWithoutJavaScript(page, SPONSOR, worker('Nojscosinuse', { cosReference: number }));
      await expect(page.locator('#cos-in-use-warning').textContent()).resolves.toContain(IN_USE[language].current);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);

      // The same session with JavaScript: the page hydrates from the server's answer, asking nothing.
      const { context: withScript, page: tab } = test;
      await withScript.addCookies(await context.cookies());
      const asked: string[] = [];
      tab.on('request', (request) => {
        if (request.url().endsWith(COS_REFERENCES_IN_USE_PATH)) asked.push(request.url());
      });
      await tab.goto(`${baseUrl()}/check-your-answers`);
      await at(tab, '/check-your-answers');
      await expect(tab.locator('#cos-in-use-warning').textContent()).resolves.toContain(IN_USE[language].current);
      expect(asked).toEqual([]);
      expect(consoleMessages).toEqual([]);

      // Sent anyway, without JavaScript.
      await send(page, button('send'));
      expect(new URL(page.url()).pathname).toBe('/complete');
    } finally {
      await browser.close();
    }
  });
});
