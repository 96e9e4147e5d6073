// No page of the journey scrolls sideways on a 320 CSS pixel screen (WCAG 1.4.10 reflow, the
// width of 400 % zoom on a 1280 pixel window), in English and Arabic, even with the longest
// answers the rules allow typed without a space. The status pages are checked in
// status-accessibility.test.ts.
import { LANGUAGES } from '../../src/shared/i18n/languages.ts';
import { describe, expect, it } from 'vitest';
import type { ApplicantAnswers } from '../../src/shared/domain/answers.ts';
import type { FormState } from '../../src/shared/journey/form-state.ts';
import { MAX_LENGTHS } from '../../src/shared/validation/fields.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { at } from './support/journey.ts';
import { editHref } from '../../src/shared/journey/page-forms.ts';
import { groupWithMembers, seedSession, singleComplete } from './support/journey-states.ts';

const test = useBrowser(
  async (context) => {
    await context.addCookies([{ name: 'cookieConsent_analytics', value: 'false', url: baseUrl() }]);
  },
  { oneTab: true },
);

const WIDTH = 320;

// Long words break nowhere unless the page lets them: the worst case for reflow.
const LONG: Partial<ApplicantAnswers> = {
  'sponsor-email': `${'bookings'.repeat(8)}@${'example-theatre-company.'.repeat(3)}co.uk`,
  'sponsor-name': 'Wolfeschlegelsteinhausenbergerdorff'.repeat(4).slice(0, MAX_LENGTHS['sponsor-name']),
  'family-name': 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, MAX_LENGTHS['family-name']),
  'given-name': 'Hubertblainewolfeschlegelsteinhausen'.repeat(3).slice(0, MAX_LENGTHS['given-name']),
  'worker-email': `${'eithne'.repeat(10)}@${'example'.repeat(9)}.com`,
  'port-of-arrival': 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  carrier: 'AerLingusRegionalOperatedByEmeraldAirlinesForTheSummerSeason',
};

const longGroup = (): FormState => groupWithMembers(3, LONG);

// Each page with the answers it is opened with, and the address that opens it when not its path
// (a group member opened by its Edit link).
const PAGES: Array<[string, () => FormState, string?]> = [
  ['/check-your-answers', () => singleComplete(LONG)],
  ['/check-your-answers', longGroup, editHref(0)],
  ['/group-edit', longGroup],
  ['/your-contact-details', () => singleComplete(LONG)],
  ['/passenger-name', () => singleComplete(LONG)],
  ['/travel-details', () => singleComplete(LONG)],
  ['/work-dates', () => singleComplete(LONG)],
  ['/reuse-travel-details', longGroup],
];

describe(`the journey at ${WIDTH} CSS pixels`, () => {
  for (const language of LANGUAGES) {
    it.each(PAGES)(`%s does not scroll sideways in ${language}`, async (path, state, address = path) => {
      await test.page.setViewportSize({ width: WIDTH, height: 700 });
      await seedSession(test.context, state(), language);
      await test.page.goto(`${baseUrl()}${address}`);
      await at(test.page, path);
      expect(await test.page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      const widths = await test.page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths).toEqual({ page: WIDTH, body: WIDTH });
    });
  }
});

describe(`the information pages at ${WIDTH} CSS pixels`, () => {
  for (const language of LANGUAGES) {
    it.each(['/', '/cookies', '/privacy-policy', '/terms-and-conditions', '/accessibility'])(
      `%s does not scroll sideways in ${language}`,
      async (path) => {
        await test.page.setViewportSize({ width: WIDTH, height: 700 });
        await test.context.addCookies([{ name: 'lang', value: language, url: baseUrl() }]);
        await test.page.goto(`${baseUrl()}${path}`);
        const widths = await test.page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          body: document.body.scrollWidth,
        }));
        expect(widths).toEqual({ page: WIDTH, body: WIDTH });
      },
    );
  }
});
