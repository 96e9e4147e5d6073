// Filling in the application journey in the browser, page by page, as a person would: by label
// where the page has one, pressing Continue, and waiting for the next page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { addDays, addMonths, londonToday } from '../../../src/shared/dates/calendar.ts';
import type { CalendarDate } from '../../../src/shared/dates/format.ts';
import { LANGUAGES, type Language } from '../../../src/shared/i18n/languages.ts';
import { placeOfDepartureLabel } from '../../../src/shared/countries/places.ts';
import en from '../../../src/shared/i18n/translations/en.json';
import cy from '../../../src/shared/i18n/translations/cy.json';
import ar from '../../../src/shared/i18n/translations/ar.json';
import { baseUrl } from './browser.ts';
import { workerServices } from './services.ts';
import type { ServiceAddresses } from '../global-setup.ts';

const TRANSLATIONS = { en, cy, ar } as const;

/** A text of the service (`apply.continue`) in `language`. */
export function textIn(language: (typeof LANGUAGES)[number], key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], TRANSLATIONS[language]);
  if (typeof found !== 'string') throw new Error(`No text ${key} in ${language}`);
  return found;
}

/** A button's or link's name in whichever language the page is in: the helpers below run in each. */
export function inAnyLanguage(key: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(${LANGUAGES.map((language) => escape(textIn(language, key))).join('|')})$`);
}

/** A London calendar day `days` from today. */
export const daysFromToday = (days: number): CalendarDate => addDays(londonToday(new Date()), days);
/** A London calendar day `months` from today. */
export const monthsFromToday = (months: number): CalendarDate => addMonths(londonToday(new Date()), months);

/** The answers the helpers type; every field has a sensible value by default. */
export interface Worker {
  familyName: string;
  givenNames: string;
  workerEmail?: string;
  dateOfBirth: CalendarDate;
  nationality: string;
  passportNumber: string;
  cosReference: string;
}

export interface Travel {
  departure: string;
  arrival: CalendarDate;
  method: 'plane' | 'road';
  carrier?: string;
  flightNumber?: string;
  portOfArrival: string;
}

export interface WorkDates {
  first: CalendarDate;
  last: CalendarDate;
}

export const SPONSOR = {
  email: 'bookings@example-theatre.co.uk',
  name: 'Example Theatre Company Ltd',
  reference: 'TNBHDW2R7',
};

export function worker(familyName: string, overrides: Partial<Worker> = {}): Worker {
  return {
    familyName,
    givenNames: 'Eithne',
    dateOfBirth: { year: 1990, month: 5, day: 17 },
    nationality: 'USA - American',
    passportNumber: `P${familyName
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 6)}123`,
    cosReference: `C2G8K5${familyName
      .toUpperCase()
      .replace(/[^A-Z]/g, '')
      .slice(0, 4)}7Q`,
    ...overrides,
  };
}

export const defaultTravel = (): Travel => ({
  departure: 'Dublin Airport',
  arrival: daysFromToday(10),
  method: 'plane',
  carrier: 'Aer Lingus',
  flightNumber: 'EI154',
  portOfArrival: 'London Heathrow Airport',
});

export const defaultWorkDates = (): WorkDates => ({ first: daysFromToday(11), last: daysFromToday(40) });

/** Presses Continue and waits for the next page, or for the error summary to show new errors. */
export async function continueFrom(page: Page): Promise<void> {
  // Read at once from the page as it is: the answer to Continue comes later (from the service).
  const before = await page.evaluate(() => ({
    url: location.href,
    errors: document.querySelector('.govuk-error-summary')?.textContent ?? null,
  }));
  await page.getByRole('button', { name: inAnyLanguage('apply.continue') }).click();
  await page.waitForFunction(
    ({ url, errors }) =>
      location.href !== url || (document.querySelector('.govuk-error-summary')?.textContent ?? null) !== errors,
    before,
  );
}

export async function fillDate(
  page: Page,
  field: string,
  date: CalendarDate | { day: string; month: string; year: string },
): Promise<void> {
  await page.fill(`#${field}-day`, String(date.day));
  await page.fill(`#${field}-month`, String(date.month));
  await page.fill(`#${field}-year`, String(date.year));
}

/** Waits for the page at `path` to show its heading. */
export async function at(page: Page, path: string): Promise<void> {
  await page
    .waitForURL((url) => url.pathname === path, { timeout: 10_000 })
    .catch((error: unknown) => {
      throw new Error(`Expected ${path}, at ${new URL(page.url()).pathname}: ${String(error)}`);
    });
  // The address changes before React has rendered the new page (a state update after a fetch
  // is scheduled as a task of its own): wait for the frames after it, then for the page itself.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="page-spinner"]') === null &&
      document.querySelector('main h1') !== null &&
      !document.documentElement.hasAttribute('data-page-loading'),
  );
}

/** From the start page of the service at `base` to /passenger-name. */
export async function answerSponsor(
  page: Page,
  kind: 'single-application' | 'group-application',
  base = baseUrl(),
): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: inAnyLanguage('start.startButton') }).click();
  await at(page, '/your-contact-details');
  await page.fill('#sponsor-email', SPONSOR.email);
  await continueFrom(page);
  await at(page, '/sponsor-details');
  await page.fill('#sponsor-name', SPONSOR.name);
  await page.fill('#sponsor-reference', SPONSOR.reference);
  await continueFrom(page);
  await at(page, '/what-would-you-like-to-do');
  await page.check(`input[name="what-would-you-like-to-do"][value="${kind}"]`);
  await continueFrom(page);
  await at(page, '/passenger-name');
}

/**
 * The box of the autocomplete that enhances the select `id`: it takes the select's id once the
 * page's script has enhanced it. Asked for by its tag, so that a page just shown, whose select
 * still has that id, is waited for rather than its hidden select filled.
 */
const autocompleteOf = (page: Page, id: string) => page.locator(`input#${id}`);

/**
 * Chooses a nationality in the accessible autocomplete: typed as the list's English value
 * ("USA - American"), chosen by its code, which every language's option starts with
 * ("USA - Unol Daleithiau" in Welsh).
 */
export async function chooseNationality(page: Page, nationality: string): Promise<void> {
  await autocompleteOf(page, 'nationality').fill(nationality);
  const code = nationality.split(' - ')[0]!;
  await page
    .locator('.autocomplete__option', { hasText: new RegExp(`^\\s*${code} - `) })
    .first()
    .click();
}

/** Types `typed` (the place itself unless given) into the place-of-departure autocomplete and picks `place` from the suggestions. */
export async function choosePlaceOfDeparture(page: Page, place: string, typed = place): Promise<void> {
  await autocompleteOf(page, 'port-of-departure').fill(typed);
  // Suggested by its name in the page's language, where it has one ("Maes Awyr Dulyn").
  const language = ((await page.locator('html').getAttribute('lang')) ?? 'en') as Language;
  await page.getByRole('option', { name: placeOfDepartureLabel(place, language), exact: true }).click();
}

/** From /passenger-name to the page after /nationality. */
export async function answerWorkerToNationality(page: Page, answers: Worker): Promise<void> {
  await at(page, '/passenger-name');
  await page.fill('#family-name', answers.familyName);
  await page.fill('#given-name', answers.givenNames);
  await page.fill('#worker-email', answers.workerEmail ?? '');
  await continueFrom(page);
  await at(page, '/passenger-date-of-birth');
  await fillDate(page, 'date-of-birth', answers.dateOfBirth);
  await continueFrom(page);
  await at(page, '/nationality');
  await chooseNationality(page, answers.nationality);
  await continueFrom(page);
}

/** From /passenger-name to the page after /cos-reference. */
export async function answerWorker(page: Page, answers: Worker): Promise<void> {
  await answerWorkerToNationality(page, answers);
  await at(page, '/passport-details');
  await page.fill('#passport-number', answers.passportNumber);
  await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
  await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
  await continueFrom(page);
  await at(page, '/cos-reference');
  await page.fill('#cos-reference', answers.cosReference);
  await continueFrom(page);
}

export async function answerTravel(page: Page, travel: Travel = defaultTravel()): Promise<void> {
  await at(page, '/travel-details');
  await choosePlaceOfDeparture(page, travel.departure);
  await fillDate(page, 'date-of-arrival', travel.arrival);
  await page.check(`input[name="method-of-arrival"][value="${travel.method}"]`);
  if (travel.method === 'plane') {
    await page.fill('#carrier', travel.carrier ?? '');
    await page.fill('#flight-number', travel.flightNumber ?? '');
  }
  await page.fill('#port-of-arrival', travel.portOfArrival);
  await continueFrom(page);
}

export async function answerWorkDates(page: Page, dates: WorkDates = defaultWorkDates()): Promise<void> {
  await at(page, '/work-dates');
  await fillDate(page, 'first-work-date', dates.first);
  await fillDate(page, 'last-work-date', dates.last);
  await continueFrom(page);
}

/** From /reuse-travel-details to check your answers, taking the first set offered of each. */
export async function reuseFirstSets(page: Page): Promise<void> {
  await at(page, '/reuse-travel-details');
  await page.check('input[name="reuse-travel-details"][value="0"]');
  await continueFrom(page);
  await at(page, '/reuse-work-dates');
  await page.check('input[name="reuse-work-dates"][value="0"]');
  await continueFrom(page);
  await at(page, '/check-your-answers');
}

/** Presses "Confirm details and add applicant to the group" on check your answers and waits for the group overview. */
export async function addToGroup(page: Page): Promise<void> {
  await page.getByRole('button', { name: inAnyLanguage('apply.checkAnswers.addToGroup') }).click();
  await at(page, '/group-edit');
}

/** Presses "Submit applications" on the group overview and gives the references /complete shows, once all `count` are there. */
export async function submitGroup(page: Page, count: number): Promise<string[]> {
  await page.getByRole('button', { name: inAnyLanguage('apply.group.submit') }).click();
  await at(page, '/complete');
  await page
    .locator('.app-reference-list .app-reference')
    .nth(count - 1)
    .waitFor();
  return page.locator('.app-reference-list .app-reference').allTextContents();
}

/** One received email, as the tests read it. */
interface ReceivedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

// Each message is parsed once: the waits below read the folder again every 200 ms, and a folder
// holds every email of the run.
const parsedMail = new Map<string, Promise<ReceivedMail>>();

/** The emails the service has sent so far, parsed (the main service's, or those in `dir`). */
export async function receivedMail(dir = workerServices().manual.mailDir): Promise<ReceivedMail[]> {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map((file) => {
      const path = join(dir, file);
      let parsed = parsedMail.get(path);
      if (parsed === undefined) {
        parsed = simpleParser(readFileSync(path)).then((mail) => ({
          to: (mail.to as AddressObject).text,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        }));
        parsedMail.set(path, parsed);
      }
      return parsed;
    }),
  );
}

/** Waits until `check` passes on the received mail (of the main service, or in `dir`). */
export async function waitForMail(
  check: (mail: Awaited<ReturnType<typeof receivedMail>>) => boolean,
  timeoutMs = 30_000,
  dir = workerServices().manual.mailDir,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await receivedMail(dir);
    if (check(mail)) return mail;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for email; received: ${mail.map((m) => `${m.to} ${m.subject}`).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until the service (the main one, or `service`) has finished every outbox job due by now:
 * then every email that what a test did so far would bring has arrived, and a test may say that no
 * other is coming. Read from the service's metrics, on either database.
 */
export async function outboxDrained(service: ServiceAddresses = workerServices().manual, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const metrics = await (await fetch(service.metricsUrl)).text();
    if (/^cwc_outbox_jobs_waiting 0$/m.test(metrics)) return;
    if (Date.now() > deadline) throw new Error('Timed out waiting for the outbox to drain');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
