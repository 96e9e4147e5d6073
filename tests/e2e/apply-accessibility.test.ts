// Every page of the journey, opened with answers that let the user be there, in English and in
// Arabic, without and with errors: axe-core finds no violation, and the Arabic pages are
// right-to-left, and every page has one banner, one main and one contentinfo landmark.
import { inAnyLanguage, textIn } from './support/journey.ts';
import { LANGUAGES } from '../../src/shared/i18n/languages.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { toDateParts } from '../../src/shared/dates/date-parts.ts';
import type { ApplicantAnswers } from '../../src/shared/domain/answers.ts';
import type { FormState } from '../../src/shared/journey/form-state.ts';
import { editHref } from '../../src/shared/journey/page-forms.ts';
import { STEP_PATHS, type JourneyPath, type StepPath } from '../../src/shared/journey/paths.ts';
import type { SubmissionOutcome } from '../../src/shared/journey/submission.ts';
import { validApplicantAnswers } from '../fixtures/applicants.ts';
import arTexts from '../../src/shared/i18n/translations/ar.json';
import enTexts from '../../src/shared/i18n/translations/en.json';
import {
  axeViolations,
  baseUrl,
  becomeNewVisitor,
  openBrowser,
  landmarkCounts,
  ONE_OF_EACH_LANDMARK,
} from './support/browser.ts';
import {
  groupWithMembers,
  run,
  seedSession,
  singleComplete,
  withErrorsOn,
  withReceipts,
} from './support/journey-states.ts';
import { answerNextSendWith } from './support/page-answers.ts';

interface Case {
  readonly path: string;
  /** The address that opens the page, when it is not its path (a link's: an Edit link). */
  readonly address?: string;
  readonly state: () => FormState;
  /** Whether the page shows errors: its form sent empty (with `errorState`'s answers, if given) makes it show them. */
  readonly showsErrors: boolean;
  /** The answers with which the page shows errors, when not `state`'s (the group overview refuses one member more than 10). */
  readonly errorState?: () => FormState;
  readonly name?: string;
  /** Brings the page into the state to check (a confirmation, a failure). */
  readonly prepare?: (page: Page) => Promise<void>;
}

/** Waits until the page's heading is no longer `before`. */
async function headingChanged(page: Page, before: string | null): Promise<void> {
  await page.waitForFunction((text) => document.querySelector('main h1')?.textContent !== text, before);
}

/**
 * Presses the page's send button, with the service answering that Send as it does when the
 * applications are not stored (`status`, `submission`: refused, a used group id, too many, failed),
 * and waits for the page to change.
 */
function sendAnswered(status: number, submission: SubmissionOutcome): (page: Page) => Promise<void> {
  return async (page) => {
    await answerNextSendWith(page, new URL(page.url()).pathname, status, submission);
    const before = await page.locator('main').innerHTML();
    await page.locator('main button[value="send"]').click();
    await page.waitForFunction(
      (html) =>
        document.querySelector('main')?.innerHTML !== html &&
        !document.querySelector('main .govuk-button[aria-disabled="true"]'),
      before,
    );
  };
}

/** The next member of a group (after `groupWithMembers(1)`), as the fixtures answer for them, with `overrides`. */
const nextMember = (overrides: Partial<ApplicantAnswers>): ApplicantAnswers =>
  validApplicantAnswers(new Date(), {
    'what-would-you-like-to-do': 'group-application',
    'family-name': 'Member1',
    'passport-number': 'P00000001',
    ...overrides,
  });
const answer = (path: StepPath, answers: ApplicantAnswers) => ({ type: 'submitStep' as const, path, answers });

/** A group's next member whose passport expires before the arrival of the saved member's travel details, which are reused. */
const reusedTravelDidNotFit = () => {
  const expiring = nextMember({ 'passport-expiry-date': toDateParts(addDays(londonToday(new Date()), 5)) });
  return run(groupWithMembers(1), answer('/passport-details', expiring), {
    type: 'reuse',
    kind: 'travel',
    choice: '0',
  });
};

/** A group's next member arriving 30 days from now, who reuses the saved member's work dates (which start before). */
const reusedWorkDatesDidNotFit = () => {
  const arrivingLate = nextMember({ 'date-of-arrival': toDateParts(addDays(londonToday(new Date()), 30)) });
  return run(
    groupWithMembers(1),
    { type: 'reuse', kind: 'travel', choice: '' },
    answer('/travel-details', arrivingLate),
    { type: 'reuse', kind: 'workDates', choice: '0' },
  );
};

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
  { path: '/check-your-answers', address: editHref(0), state: () => groupWithMembers(1), showsErrors: false },
  { path: '/reuse-travel-details', state: () => groupWithMembers(2), showsErrors: true },
  {
    path: '/reuse-work-dates',
    state: () => run(groupWithMembers(2), { type: 'reuse', kind: 'travel', choice: '0' }),
    showsErrors: true,
  },
  {
    path: '/group-edit',
    state: () => groupWithMembers(3),
    showsErrors: true,
    errorState: () => groupWithMembers(10),
  },
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
    state: reusedWorkDatesDidNotFit,
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
    state: reusedTravelDidNotFit,
    showsErrors: false,
  },
  {
    name: 'after the service refused an answer',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    prepare: sendAnswered(422, {
      kind: 'refused',
      answers: [{ index: 0, field: 'date-of-arrival', rule: 'notInPast' }],
    }),
  },
  {
    name: 'after the service refused a member’s answer',
    path: '/group-edit',
    state: () => run(groupWithMembers(2), { type: 'clearAndReturn' }),
    showsErrors: false,
    prepare: sendAnswered(422, {
      kind: 'refused',
      answers: [{ index: 1, field: 'first-work-date', rule: 'atLeast72Hours' }],
    }),
  },
  {
    name: 'after a conflict',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    prepare: sendAnswered(409, { kind: 'conflict' }),
  },
  {
    name: 'after too many attempts',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    // The service no longer answers a Send so (a budget over its limit is a page of its own), but
    // the page that says so stays: it is drawn from such an answer.
    prepare: sendAnswered(429, { kind: 'tooMany' }),
  },
  {
    name: 'after the submission failed',
    path: '/check-your-answers',
    state: () => singleComplete(),
    showsErrors: false,
    prepare: async (page) => {
      await answerNextSendWith(page, new URL(page.url()).pathname, 503, { kind: 'failed' });
      const before = await page.locator('main h1').textContent();
      await page.locator('main button[value="send"]').click();
      await headingChanged(page, before);
    },
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe.each(LANGUAGES)('the journey pages in %s', (language) => {
  // One context and one tab, for their cache and renderer; each test a new visitor in them.
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
  });
  for (const { path, address = path, state, showsErrors, errorState = state, name, prepare } of CASES) {
    for (const errors of showsErrors ? [false, true] : [false]) {
      it(`${path}${errors ? ' with errors' : ''}${name === undefined ? '' : ` ${name}`}`, async () => {
        await becomeNewVisitor(context);
        try {
          await seedSession(context, errors ? withErrorsOn(errorState(), path as JourneyPath) : state(), language);
          await page.goto(`${baseUrl()}${address}`);
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
          // A send answered by the test (prepare) is the test's alone.
          await page.unrouteAll();
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
        await page.getByRole('button', { name: inAnyLanguage('apply.continue') }).click();
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
