// Driving the service with JavaScript off: every form is posted and the server answers with the
// next page. Fields are found by id and buttons by what they send, so the same steps run in Arabic.
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';
import { defaultTravel, defaultWorkDates, fillDate, monthsFromToday, type Worker } from './journey.ts';

/** The submit button of the page's form (Continue, Check status). */
export const CONTINUE = 'main form button[type="submit"]';

/** A journey button, by the action it sends. */
export const button = (action: string) => `main button[name="action"][value="${action}"]`;

/** The path of the page shown. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Clicks what `selector` finds and waits for the page the server answers with. */
export async function send(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator(selector).first().click()]);
}

/** The sponsor's answers. */
export interface Sponsor {
  readonly email: string;
  readonly name: string;
  readonly reference: string;
}

/** Fills a question page with `fill`, continues, and checks that the server answered with `next`. */
async function answer(page: Page, fill: () => Promise<unknown>, next: string): Promise<void> {
  await fill();
  await send(page, CONTINUE);
  if (pathOf(page) !== next) throw new Error(`Expected ${next} after the answer, at ${pathOf(page)}`);
}

/** The sponsor's pages, from the first question to the worker's name (the start page skipped). */
export async function answerSponsorWithoutJavaScript(page: Page, sponsor: Sponsor): Promise<void> {
  await page.goto(`${baseUrl()}/your-contact-details`);
  await answer(page, () => page.fill('#sponsor-email', sponsor.email), '/sponsor-details');
  await answer(
    page,
    async () => {
      await page.fill('#sponsor-name', sponsor.name);
      await page.fill('#sponsor-reference', sponsor.reference);
    },
    '/what-would-you-like-to-do',
  );
  await answer(
    page,
    () => page.check('input[name="what-would-you-like-to-do"][value="single-application"]'),
    '/passenger-name',
  );
}

/** Every page of a single application, from the first question to check your answers. */
export async function answerSingleApplicationWithoutJavaScript(
  page: Page,
  sponsor: Sponsor,
  applicant: Worker,
): Promise<void> {
  await answerSponsorWithoutJavaScript(page, sponsor);
  await answer(
    page,
    async () => {
      await page.fill('#family-name', applicant.familyName);
      await page.fill('#given-name', applicant.givenNames);
    },
    '/passenger-date-of-birth',
  );
  await answer(page, () => fillDate(page, 'date-of-birth', applicant.dateOfBirth), '/nationality');
  await answer(page, () => page.selectOption('#nationality', applicant.nationality), '/passport-details');
  await answer(
    page,
    async () => {
      await page.fill('#passport-number', applicant.passportNumber);
      await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
      await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
    },
    '/cos-reference',
  );
  await answer(page, () => page.fill('#cos-reference', applicant.cosReference), '/travel-details');
  await answer(page, () => fillTravel(page), '/work-dates');
  await answer(page, () => fillWorkDates(page), '/check-your-answers');
}

/** Fills the travel page with the default travel (by plane from Dublin). */
export async function fillTravel(page: Page): Promise<void> {
  const travel = defaultTravel();
  await page.selectOption('#port-of-departure', travel.departure);
  await fillDate(page, 'date-of-arrival', travel.arrival);
  await page.check('input[name="method-of-arrival"][value="plane"]');
  await page.fill('#carrier', travel.carrier!);
  await page.fill('#flight-number', travel.flightNumber!);
  await page.fill('#port-of-arrival', travel.portOfArrival);
}

/** Fills the work-dates page with the default dates. */
export async function fillWorkDates(page: Page): Promise<void> {
  const dates = defaultWorkDates();
  await fillDate(page, 'first-work-date', dates.first);
  await fillDate(page, 'last-work-date', dates.last);
}
