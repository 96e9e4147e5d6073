// A worker whose passport shows only one name (decision 029), with JavaScript and without, in
// English and Arabic: punctuation for a name is refused, the one-name answer is given, the name
// is kept as the family name with no given names, and nothing is made up for them on the way.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { storedApplicationsOf } from './support/database.ts';
import {
  SPONSOR,
  at,
  chooseNationality,
  choosePlaceOfDeparture,
  continueFrom,
  defaultTravel,
  fillDate,
  monthsFromToday,
} from './support/journey.ts';
import { button, CONTINUE, fillTravel, fillWorkDates, pathOf, send } from './support/no-javascript.ts';

type Language = 'en' | 'ar';
const test = useBrowser();

const MESSAGES = {
  en: {
    hasLetter: 'Enter the given names as they appear on the passport',
    emptyWithOneName: 'Leave the given names empty if the worker’s passport shows only one name',
    oneNameRow: 'None, the passport shows only one name',
    checkbox: 'The worker’s passport shows only one name',
  },
  ar: {
    hasLetter: 'أدخل الأسماء الأولى كما تظهر في جواز السفر',
    emptyWithOneName: 'اترك الأسماء الأولى فارغة إذا كان جواز سفر العامل لا يظهر فيه سوى اسم واحد',
    oneNameRow: 'لا يوجد، لا يظهر في جواز السفر سوى اسم واحد',
    checkbox: 'لا يظهر في جواز سفر العامل سوى اسم واحد',
  },
} as const;

describe.each([
  { language: 'en' as Language, javaScript: true },
  { language: 'ar' as Language, javaScript: true },
  { language: 'en' as Language, javaScript: false },
  { language: 'ar' as Language, javaScript: false },
])('one name on the passport, $language, JavaScript $javaScript', ({ language, javaScript }) => {
  it(
    'refuses a dash for given names, takes the one-name answer and sends the name alone',
    { timeout: 120_000 },
    async () => {
      const context = await test.browser.newContext({ javaScriptEnabled: javaScript });
      try {
        await chooseLanguage(context, language);
        const page = await context.newPage();
        const text = MESSAGES[language];
        const axe = (p: Page) => (javaScript ? axeViolations(p) : axeViolationsWithoutJavaScript(p));
        /** Continue, and be at `path` after it. */
        const next = async (path: string) => {
          if (javaScript) {
            await continueFrom(page);
            await at(page, path);
          } else {
            await send(page, CONTINUE);
            expect(pathOf(page)).toBe(path);
          }
        };

        await page.goto(`${baseUrl()}/your-contact-details`);
        if (javaScript) await at(page, '/your-contact-details');
        await page.fill('#sponsor-email', SPONSOR.email);
        await next('/sponsor-details');
        await page.fill('#sponsor-name', SPONSOR.name);
        await page.fill('#sponsor-reference', SPONSOR.reference);
        await next('/what-would-you-like-to-do');
        await page.check('input[name="what-would-you-like-to-do"][value="single-application"]');
        await next('/passenger-name');

        // The GOV.UK checkbox, not the browser's own: the native box is hidden under the 40 pixel
        // box the label draws, which keyboard focus outlines.
        const checkbox = page.getByLabel(text.checkbox);
        expect(
          await checkbox.evaluate((input) => ({
            native: getComputedStyle(input).opacity,
            box: getComputedStyle((input as HTMLInputElement).labels![0]!, '::before').width,
          })),
        ).toEqual({ native: '0', box: '40px' });

        // A dash for given names, as sponsors had to type before: refused, pointing at the option.
        await page.fill('#family-name', 'Suharto');
        await page.fill('#given-name', '-');
        await next('/passenger-name');
        await expect(page.locator('.govuk-error-summary').textContent()).resolves.toContain(text.hasLetter);
        await expect(page.locator('#given-name-error').textContent()).resolves.toContain(text.hasLetter);
        expect(await axe(page), 'the name page with its error').toEqual([]);

        // The option chosen with given names still typed: the two answers disagree.
        await page.getByLabel(text.checkbox).check();
        expect(await axe(page), 'the name page with the option chosen').toEqual([]);
        await next('/passenger-name');
        await expect(page.locator('#given-name-error').textContent()).resolves.toContain(text.emptyWithOneName);
        await expect(page.getByLabel(text.checkbox).isChecked()).resolves.toBe(true);
        expect(await axe(page), 'the name page with the option chosen and its error').toEqual([]);

        await page.fill('#given-name', '');
        await next('/passenger-date-of-birth');
        await fillDate(page, 'date-of-birth', { year: 1990, month: 5, day: 17 });
        await next('/nationality');
        if (javaScript) await chooseNationality(page, 'USA - American');
        else await page.selectOption('#nationality', 'USA - American');
        await next('/passport-details');
        await page.fill('#passport-number', `S${language === 'en' ? 1 : 2}${javaScript ? 1 : 2}345678`);
        await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
        await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
        await next('/cos-reference');
        await page.fill('#cos-reference', 'C2G8K5SUHA7Q');
        await next('/travel-details');
        if (javaScript) {
          const travel = defaultTravel();
          await choosePlaceOfDeparture(page, travel.departure);
          await fillDate(page, 'date-of-arrival', travel.arrival);
          await page.check('input[name="method-of-arrival"][value="plane"]');
          await page.fill('#carrier', travel.carrier!);
          await page.fill('#flight-number', travel.flightNumber!);
          await page.fill('#port-of-arrival', travel.portOfArrival);
        } else {
          await fillTravel(page);
        }
        await next('/work-dates');
        await fillWorkDates(page);
        await next('/check-your-answers');

        const summary = (await page.locator('main').textContent()) ?? '';
        expect(summary).toContain('Suharto');
        expect(summary).toContain(text.oneNameRow);
        expect(summary).not.toContain(text.checkbox);
        expect(await axe(page), 'check your answers').toEqual([]);

        if (javaScript) {
          await page.locator(button('send')).click();
          await at(page, '/complete');
        } else {
          await send(page, button('send'));
          expect(pathOf(page)).toBe('/complete');
        }
        const reference = (await page.locator('.govuk-panel .app-reference').textContent())!.trim();
        const stored = await storedApplicationsOf(reference);
        if (stored !== undefined) {
          expect(stored.secondaryDetails).toMatchObject({ familyName: 'Suharto', givenNames: '', onlyOneName: true });
        }
      } finally {
        await context.close();
      }
    },
  );
});
