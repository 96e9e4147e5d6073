// Wrong sponsor licence numbers on the status page, with and without JavaScript, in English and
// Arabic: from the third, the message counts the attempts left; the fifth locks the link for an
// hour, and the page says until when (London time, from the server's answer) and what to do.
// Each run locks a submission of its own, sent straight to the API.
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildApplicantPayload } from '../../src/shared/api/new-from-concession.ts';
import { formatLongDate, formatTimeOfDay } from '../../src/shared/dates/format.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';
import { axeViolations, axeViolationsWithoutJavaScript, chooseLanguage, useBrowser } from './support/browser.ts';
import { workerServices } from './support/services.ts';
import { submitForStatusLink } from './support/status-links.ts';

const test = useBrowser();
const { baseUrl: base, mailDir } = workerServices().automatic;
const SHOTS = process.env.STATUS_LOCKOUT_SHOTS;

/** A new submission of one application, and the status link emailed for it. */
async function newStatusLink(): Promise<string> {
  const now = new Date();
  const body = [
    buildApplicantPayload(
      validApplicantAnswers(now, { 'what-would-you-like-to-do': 'single-application' }),
      FIXTURE_SPONSOR,
      `CWC-${randomUUID().toUpperCase()}`,
      now,
    ),
  ];
  return (await submitForStatusLink(base, body, mailDir)).statusLink;
}

const MESSAGES = {
  en: {
    plain: 'Your sponsor licence number does not match this application',
    two: 'You have 2 more attempts before the link is locked for an hour.',
    one: 'You have 1 more attempt before the link is locked for an hour.',
    title: 'This link is locked for an hour',
    locked: 'Due to too many failed attempts you are locked out for an hour',
  },
  ar: {
    plain: 'رقم ترخيص الكفيل الخاص بك لا يطابق هذا الطلب',
    two: 'لديك محاولتان أخريان قبل قفل الرابط لمدة ساعة.',
    one: 'لديك محاولة واحدة أخرى قبل قفل الرابط لمدة ساعة.',
    title: 'تم قفل هذا الرابط لمدة ساعة',
    locked: 'بسبب كثرة المحاولات الفاشلة، تم إيقافك لمدة ساعة',
  },
} as const;

/** Sends the licence number and waits for the answer (a page without JavaScript, the page's change with it). */
async function sendNumber(page: Page, number: string, javaScript: boolean): Promise<void> {
  await page.fill('#sponsor-licence-number', number);
  const button = page.locator('main form button[type="submit"]');
  if (javaScript) await button.click();
  else await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.click()]);
  await page.locator('.govuk-error-summary, h1:not(:has-text("Check the status"))').first().waitFor();
}

describe('wrong licence numbers on the status page', () => {
  for (const javaScript of [true, false]) {
    it(
      `count down from the third and lock the link at the fifth, saying until when (${javaScript ? 'with' : 'without'} JavaScript)`,
      { timeout: 180_000 },
      async () => {
        const link = await newStatusLink();
        const context = await test.browser.newContext({ javaScriptEnabled: javaScript });
        const page = await context.newPage();
        const axe = () => (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page));
        await page.goto(link);
        await page.locator('#sponsor-licence-number').waitFor();
        // The third in Arabic, the others in English: the texts come from the same answers.
        const languages = ['en', 'en', 'ar', 'en'] as const;
        for (const [index, language] of languages.entries()) {
          if (index > 0 && languages[index - 1] !== language) {
            await chooseLanguage(context, language);
            // A GET: reloading the answer to a form would send the form again.
            await page.goto(`${base}/status`);
          }
          await sendNumber(page, `WRONG${index}`, javaScript);
          const texts = MESSAGES[language];
          const error = (await page.locator('#sponsor-licence-number-error').textContent()) ?? '';
          expect(error).toContain(texts.plain);
          if (index === 2) expect(error).toContain(texts.two);
          else if (index === 3) expect(error).toContain(texts.one);
          else expect(error).not.toMatch(/attempt/);
          expect(await page.locator('.govuk-error-summary').textContent()).toContain(texts.plain);
          if (index >= 2) expect(await axe()).toEqual([]);
        }
        const fifthAt = Date.now();
        await sendNumber(page, 'WRONG4', javaScript);
        for (const language of ['en', 'ar'] as const) {
          if (language === 'ar') {
            await chooseLanguage(context, 'ar');
            // A GET: reloading the answer to a form would send the form again.
            await page.goto(`${base}/status`);
            // The right number now: still locked, the same end.
            if (await page.locator('#sponsor-licence-number').count())
              await sendNumber(page, FIXTURE_SPONSOR['sponsor-reference'] ?? '', javaScript);
          }
          const texts = MESSAGES[language];
          await page.locator('h1', { hasText: texts.title }).waitFor();
          expect(await page.locator('#sponsor-licence-number').count()).toBe(0);
          const main = (await page.locator('main').textContent()) ?? '';
          // An hour after the fifth attempt, rounded up to the minute, in London time.
          const ends = [0, 60_000].map((slack) => new Date(Math.ceil((fifthAt + 3_600_000 + slack) / 60_000) * 60_000));
          expect(
            ends.some(
              (end) =>
                main.includes(`${formatTimeOfDay(end, language)}`) && main.includes(formatLongDate(end, language)),
            ),
            main,
          ).toBe(true);
          expect(main).toContain(language === 'en' ? '(UK time)' : '(بتوقيت المملكة المتحدة)');
          // The specification's words for a lockout.
          expect(main).toContain(texts.locked);
          expect(await axe()).toEqual([]);
          if (SHOTS !== undefined) {
            mkdirSync(SHOTS, { recursive: true });
            for (const width of [320, 1280]) {
              await page.setViewportSize({ width, height: 800 });
              await page.screenshot({
                path: `${SHOTS}/locked-${language}-${width}-${javaScript ? 'js' : 'nojs'}.png`,
                fullPage: true,
              });
            }
          }
        }
        await context.close();
      },
    );
  }
});
