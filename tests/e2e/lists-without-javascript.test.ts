// The nationality and the place of departure without JavaScript: plain lists, so their options are
// in the alphabetical order of the names they show, in the page's language (decision 031), and
// their hint says to choose from the list; with JavaScript, the autocomplete's hint says to type.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/i18n/languages.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { seedSession, singleComplete } from './support/journey-states.ts';
import { textIn } from './support/journey.ts';

const test = useBrowser();

/** The name an option shows after its code ("USA - American" → "American"). */
const shownName = (text: string) => text.replace(/^[A-Z]{3} - /, '');

describe.each(LANGUAGES)('in %s', (language) => {
  it('without JavaScript, lists the options by name and asks to choose from the list', async () => {
    const context = await test.browser.newContext({ javaScriptEnabled: false });
    try {
      await seedSession(context, singleComplete(), language);
      const page = await context.newPage();
      const collator = new Intl.Collator(language);
      for (const [path, field] of [
        ['/nationality', 'nationality'],
        ['/travel-details', 'port-of-departure'],
      ] as const) {
        await page.goto(`${baseUrl()}${path}`);
        const hint = (await page.locator(`#${field}-hint`).textContent())?.trim();
        expect(hint, path).toBe(textIn(language, `apply.listHints.${field}`));
        const names = (await page.locator(`#${field} option`).allTextContents()).slice(1).map(shownName);
        expect(names, path).toEqual([...names].sort(collator.compare));
      }
    } finally {
      await context.close();
    }
  });

  it('with JavaScript, asks to start typing', async () => {
    const context = await test.browser.newContext();
    try {
      await seedSession(context, singleComplete(), language);
      const page = await context.newPage();
      for (const [path, field] of [
        ['/nationality', 'nationality'],
        ['/travel-details', 'port-of-departure'],
      ] as const) {
        await page.goto(`${baseUrl()}${path}`);
        await expect
          .poll(async () => (await page.locator(`#${field}-hint`).textContent())?.trim(), { timeout: 10_000 })
          .toBe(textIn(language, `apply.hints.${field}`));
      }
    } finally {
      await context.close();
    }
  });
});
