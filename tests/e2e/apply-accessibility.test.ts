// Every page of the journey, opened with answers that let the user be there, in English and in
// Arabic, without and with errors: axe-core finds no violation, and the Arabic pages are
// right-to-left, and every page has one banner, one main and one contentinfo landmark.
import { textIn } from './support/journey.ts';
import { LANGUAGES } from '../../src/shared/i18n/languages.ts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH } from '../../src/shared/api/new-from-concession.ts';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { toDateParts } from '../../src/shared/dates/date-parts.ts';
import type { FormState } from '../../src/shared/journey/form-state.ts';
import { STEP_PATHS } from '../../src/shared/journey/paths.ts';
import arTexts from '../../src/shared/i18n/translations/ar.json';
import enTexts from '../../src/shared/i18n/translations/en.json';
import { axeViolations, baseUrl, browserEndpoint, landmarkCounts, ONE_OF_EACH_LANDMARK } from './support/browser.ts';
import { launchBrowser } from './support/chromium.ts';
import {
  groupWithMembers,
  run,
  seedSession,
  singleComplete,
  withErrorsEverywhere,
  withReceipts,
} from './support/journey-states.ts';

interface Case {
  readonly path: string;
  readonly state: () => FormState;
  /** Whether the page shows the state's stored errors. */
  readonly showsErrors: boolean;
  readonly name?: string;
  /** Brings the page into the state to check (a confirmation, a failure). */
  readonly prepare?: (page: Page) => Promise<void>;
}

/** Waits until the page's heading is no longer `before`. */
async function headingChanged(page: Page, before: string | null): Promise<void> {
  await page.waitForFunction((text) => document.querySelector('main h1')?.textContent !== text, before);
}

/** Presses the page's last button (send or submit) with the service answering `status` and `body`, and waits for the page to change. */
function answeredWith(status: number, body: unknown): (page: Page) => Promise<void> {
  return async (page) => {
    await page.route(`**${NEW_FROM_CONCESSION_PATH}`, (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    );
    const before = await page.locator('main').innerHTML();
    await page.locator('main .govuk-button').last().click();
    await page.waitForFunction(
      (html) =>
        document.querySelector('main')?.innerHTML !== html &&
        !document.querySelector('main .govuk-button[aria-disabled="true"]'),
      before,
    );
  };
}

/** A single application arriving tomorrow, work starting in 3 days. */
const lateArrival = () => {
  const today = londonToday(new Date());
  return singleComplete({
    'date-of-arrival': toDateParts(addDays(today, 1)),
    'first-work-date': toDateParts(addDays(today, 3)),
    'last-work-date': toDateParts(addDays(today, 20)),
  });
};

// The question pages that always show (the reuse pages have cases of their own below).
const QUESTION_PAGES = STEP_PATHS.filter((path) => !path.startsWith('/reuse-'));

const CASES: Case[] = [
  ...QUESTION_PAGES.map((path) => ({ path, state: () => singleComplete(), showsErrors: true })),
  { path: '/check-your-answers', state: () => singleComplete(), showsErrors: false },
  {
    path: '/check-your-answers',
    state: () => run(groupWithMembers(1), { type: 'editApplication', index: 0 }),
    showsErrors: false,
  },
  { path: '/reuse-travel-details', state: () => groupWithMembers(2), showsErrors: true },
  {
    path: '/reuse-work-dates',
    state: () => run(groupWithMembers(2), { type: 'reuse', kind: 'travel', choice: '0' }),
    showsErrors: true,
  },
  { path: '/group-edit', state: () => groupWithMembers(3), showsErrors: true },
  { path: '/complete', state: () => withReceipts(1), showsErrors: false },
  { path: '/complete', state: () => withReceipts(3), showsErrors: false },
  { path: '/ineligible', state: () => singleComplete({ nationality: 'RUS - Russian' }), showsErrors: false },
  { path: '/ineligible', state: () => singleComplete({ nationality: 'GBR - British, UK' }), showsErrors: false },
  {
    name: 'with the British warning',
    path: '/nationality',
    state: () => singleComplete({ nationality: 'GBR - British, UK' }),
    showsErrors: false,
  },
  {
    name: 'with the visa warning',
    path: '/nationality',
    state: () => singleComplete({ nationality: 'IND - Indian' }),
    showsErrors: false,
  },
  {
    name: 'after reused dates that did not fit',
    path: '/work-dates',
    state: () => ({ ...singleComplete(), reusedWorkDatesDidNotFit: true }),
    showsErrors: false,
  },
  {
    name: 'asking to confirm a deletion',
    path: '/group-edit',
    state: () => groupWithMembers(2),
    showsErrors: false,
    prepare: async (page) => {
      await page.locator('#group-members .govuk-summary-list__row').first().locator('a').nth(1).click();
      await page.locator('h2[tabindex="-1"]').waitFor();
    },
  },
  { name: 'with the late-arrival warning', path: '/travel-details', state: () => lateArrival(), showsErrors: false },
  {
    name: 'with the late-arrival warning',
    path: '/check-your-answers',
    state: () => lateArrival(),
    showsErrors: false,
  },
  {
    name: 'after reused travel details that did not fit',
    path: '/travel-details',
    state: () => ({ ...singleComplete(), reusedTravelDidNotFit: true }),
    showsErrors: false,
  },
  {
    name: 'after the service refused an answer',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    prepare: answeredWith(400, {
      error: 'ValidationError',
      message: '',
      details: [{ index: 0, field: 'date-of-arrival', rule: 'notInPast' }],
    }),
  },
  {
    name: 'after the service refused a member’s answer',
    path: '/group-edit',
    state: () => run(groupWithMembers(2), { type: 'clearAndReturn' }),
    showsErrors: false,
    prepare: answeredWith(400, {
      error: 'ValidationError',
      message: '',
      details: [{ index: 1, field: 'first-work-date', rule: 'atLeast72Hours' }],
    }),
  },
  {
    name: 'after a conflict',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    prepare: answeredWith(409, { error: 'Conflict', message: '' }),
  },
  {
    name: 'after too many attempts',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    prepare: answeredWith(429, { error: 'TooManyRequests', message: '' }),
  },
  {
    name: 'after the submission failed',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    prepare: async (page) => {
      await page.route(`**${NEW_FROM_CONCESSION_PATH}`, (route) => route.fulfill({ status: 503, body: '' }));
      const before = await page.locator('main h1').textContent();
      await page.locator('main .govuk-button').last().click();
      await headingChanged(page, before);
    },
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(browserEndpoint());
});
afterAll(async () => {
  await browser.close();
});

describe.each(LANGUAGES)('the journey pages in %s', (language) => {
  for (const { path, state, showsErrors, name, prepare } of CASES) {
    for (const errors of showsErrors ? [false, true] : [false]) {
      it(`${path}${errors ? ' with errors' : ''}${name === undefined ? '' : ` ${name}`}`, async () => {
        const context = await browser.newContext();
        try {
          await seedSession(context, errors ? withErrorsEverywhere(state()) : state(), language);
          const page = await context.newPage();
          await page.goto(`${baseUrl()}${path}`);
          await page.locator('main h1').first().waitFor();
          expect(new URL(page.url()).pathname).toBe(path);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
          await prepare?.(page);
          if (errors) {
            await page.locator('.govuk-error-summary').waitFor();
            expect(await page.title()).toMatch(new RegExp(`^${textIn(language, 'page.errorPrefix')}`));
          }
          expect(await landmarkCounts(page)).toEqual(ONE_OF_EACH_LANDMARK);
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

// The type-ahead fields (accessible-autocomplete on a select): the box screen readers meet is
// described by the field's hint and error, as GOV.UK's fields are, and has GOV.UK's error border.
const TYPE_AHEAD = [
  { path: '/nationality', field: 'nationality' },
  { path: '/travel-details', field: 'port-of-departure' },
] as const;
const TEXTS = { en: enTexts, ar: arTexts };

describe.each(['en', 'ar'] as const)('the type-ahead fields sent empty with JavaScript, in %s', (language) => {
  it.each(TYPE_AHEAD)(
    '$path: the box is described by its hint and error, with its red border',
    async ({ path, field }) => {
      const context = await browser.newContext();
      try {
        await seedSession(context, singleComplete(), language);
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${path}`);
        const box = page.locator(`input#${field}[role="combobox"]`);
        await box.fill('');
        await page.locator('main form button[type="submit"]').first().click();
        await page.locator(`#${field}-error`).waitFor();

        const texts = TEXTS[language];
        const hint = texts.apply.hints[field];
        const error = texts.validation[field].required;
        const described = async () => {
          const ids = ((await box.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
          return Promise.all(ids.map(async (id) => `${id}: ${(await page.locator(`#${id}`).textContent())?.trim()}`));
        };
        // The widget's own hint (how to use the list) stays too.
        await expect
          .poll(described)
          .toEqual([
            `${field}-hint: ${hint}`,
            expect.stringMatching(new RegExp(`^${field}-error: .*${error}$`)),
            `${field}__assistiveHint: ${texts.apply.autocomplete.assistiveHint}`,
          ]);

        // GOV.UK's error red: the colour of the error message, not the box's usual black.
        const colours = await page.evaluate((id) => {
          const input = document.getElementById(id)!;
          return {
            border: getComputedStyle(input).borderTopColor,
            error: getComputedStyle(document.getElementById(`${id}-error`)!).color,
            focused: document.activeElement === input,
          };
        }, field);
        expect(colours.focused).toBe(false);
        expect(colours.border).toBe(colours.error);
        expect(colours.border).not.toBe('rgb(11, 12, 12)');

        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
