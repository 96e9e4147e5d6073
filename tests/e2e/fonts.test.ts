// Every text of the service in GOV.UK's font. The service's stylesheet holds only the parts of GOV.UK
// Frontend it uses, and text gets the font only from a GOV.UK class (govuk-body, govuk-heading-*,
// a component's own): a text outside one shows in the browser's default serif (Times New Roman).
// So every page is walked in each of its states (empty, with errors, after answers, results), in
// English and Arabic, with and without JavaScript, and every visible text and field is checked.
// The journey is walked as a person would (a group of two, with the ineligible nationalities on
// the way); the status pages by the links of its email; approved and rejected applications, and a
// document to check, come from the service that decides at once.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApplicantPayload, NEW_FROM_CONCESSION_PATH } from '../../src/shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '../../src/shared/api/public-status.ts';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { toDateParts } from '../../src/shared/dates/date-parts.ts';
import { JOURNEY_BUTTONS } from '../../src/shared/journey/page-forms.ts';
import { FORM_TOKEN_FIELD } from '../../src/shared/pages/form-token.ts';
import { signedStatusToken } from './support/status-links.ts';
import { pdfQrCodes } from '../../src/server/test-support/pdf-qr-codes.ts';
import { pdfPageTexts } from '../../src/server/test-support/pdf-text.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';
import { baseUrl, chooseLanguage, useBrowser, downloadedBytes } from './support/browser.ts';
import {
  SPONSOR,
  at,
  chooseNationality,
  choosePlaceOfDeparture,
  defaultTravel,
  fillDate,
  monthsFromToday,
  waitForMail,
  worker,
  type Worker,
} from './support/journey.ts';
import { button, CONTINUE, fillTravel, fillWorkDates, pathOf } from './support/no-javascript.ts';
import { workerServices } from './support/services.ts';

type Language = 'en' | 'ar';

// $govuk-font-family of GOV.UK Frontend: "GDS Transport", arial, sans-serif.
const GOVUK_FONT = /^"?GDS Transport"?,/;

const test = useBrowser();
const { baseUrl: autoBase, mailDir: autoMailDir } = workerServices().automatic;
const LICENCE = FIXTURE_SPONSOR['sponsor-reference'] ?? '';

/**
 * The visible texts and fields of the page whose computed font is not GOV.UK's, as
 * "font-family ← text". Text in a <noscript> counts only where the browser shows it (no JavaScript).
 */
function offFont(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const font = new RegExp(pattern);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text === '' || parent === null || parent.closest('script, style, svg, template') !== null) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      const family = getComputedStyle(parent).fontFamily;
      if (!font.test(family)) found.push(`${family} ← ${text.slice(0, 60)}`);
    }
    // Radios and checkboxes show no text of their own (GOV.UK draws them; their labels are checked above).
    const fields = 'input:not([type="hidden"], [type="radio"], [type="checkbox"]), select, textarea';
    for (const field of document.querySelectorAll(fields)) {
      if (!field.checkVisibility({ visibilityProperty: true })) continue;
      const family = getComputedStyle(field).fontFamily;
      if (!font.test(family)) found.push(`${family} ← <${field.localName} id="${field.id}">`);
    }
    return found;
  }, GOVUK_FONT.source);
}

/** The service that decides at once: a status link to a group with an approved and a rejected application, and the approved one's document. */
interface Decided {
  statusLink: string;
  checkCode: string;
  qrLink: string;
}

async function decidedGroup(): Promise<Decided> {
  const now = new Date();
  const today = londonToday(now);
  const groupId = `CWC-${randomUUID().toUpperCase()}`;
  const body = [0, 1].map((index) =>
    buildApplicantPayload(
      validApplicantAnswers(now, {
        'what-would-you-like-to-do': 'group-application',
        'family-name': `Fontcheck${index}`,
        'passport-number': `F1234567${index}`,
        'cos-reference': `C2G8K5F0NT0${index}`,
        // The second arrives tomorrow: less than 72 hours away, so the checks reject it.
        ...(index === 1
          ? {
              'date-of-arrival': toDateParts(addDays(today, 1)),
              'first-work-date': toDateParts(addDays(today, 3)),
              'last-work-date': toDateParts(addDays(today, 30)),
            }
          : {}),
      }),
      FIXTURE_SPONSOR,
      groupId,
      now,
    ),
  );
  const response = await fetch(`${autoBase}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const references = ((await response.json()) as { applicantId: string }[]).map((item) => item.applicantId);
  const ours = (m: { to: string; text: string }) =>
    m.to === FIXTURE_SPONSOR['sponsor-email'] && references.every((reference) => m.text.includes(reference));
  const mail = await waitForMail((all) => all.some(ours), 60_000, autoMailDir);
  const statusLink =
    new RegExp(`${autoBase.replace(/[.]/g, '\\.')}/status\\?epat=[\\w.-]+`).exec(mail.find(ours)?.text ?? '')?.[0] ??
    '';
  expect(statusLink).not.toBe('');

  // The checks run in the service's worker: wait for both decisions.
  const token = new URL(statusLink).searchParams.get('epat');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`${autoBase}${PUBLIC_STATUS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE }),
    });
    const { items } = (await status.json()) as { items: { status: string }[] };
    if (items.every((item) => item.status !== 'in-progress')) break;
    if (Date.now() > deadline) throw new Error(`Not decided in time: ${items.map((item) => item.status).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // The approved application's document, downloaded from the status page.
  const context = await test.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(statusLink);
    await page.fill('#sponsor-licence-number', LICENCE);
    await page.locator(CONTINUE).click();
    await page.locator('table').waitFor();
    const download = page.waitForEvent('download');
    await page.locator('tbody tr').first().getByRole('button', { name: 'Download' }).click();
    const pdf = await downloadedBytes(await download);
    const [qrLink] = await pdfQrCodes(pdf);
    const [text] = await pdfPageTexts(pdf);
    const checkCode = /Check code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z])/.exec(text!)![1]!;
    return { statusLink, checkCode, qrLink: qrLink! };
  } finally {
    await context.close();
  }
}

let decided: Decided;
beforeAll(async () => {
  decided = await decidedGroup();
}, 120_000);

/** What {@link Walk.press} waits for when the page's heading changes. */
const NEW_HEADING = Symbol('a new heading');

/** One walk through the service: a page, in one language, with JavaScript or without. */
class Walk {
  readonly problems: string[] = [];
  readonly seen: string[] = [];

  constructor(
    readonly page: Page,
    readonly javaScript: boolean,
    readonly language: Language,
  ) {}

  /** Checks the fonts of the page shown, which is `state`. */
  async check(state: string): Promise<void> {
    const where = `${pathOf(this.page)} ${state}`;
    this.seen.push(where);
    for (const problem of await offFont(this.page)) this.problems.push(`${where}: ${problem}`);
  }

  /** Waits, with JavaScript, until the page shown has rendered (no spinner, a heading). */
  async settled(): Promise<void> {
    if (!this.javaScript) return;
    await this.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await this.page.waitForFunction(
      () =>
        document.querySelector('[data-testid="page-spinner"]') === null && document.querySelector('main h1') !== null,
    );
  }

  async open(address: string): Promise<void> {
    await this.page.goto(address.startsWith('http') ? address : `${baseUrl()}${address}`);
    await this.settled();
  }

  /**
   * Presses what `target` finds and waits for what follows: without JavaScript the page the
   * server answers with; with it, another address, other errors, or `shows` when given (what
   * that selector finds, or another heading).
   */
  async press(target: string | Locator, shows?: string | typeof NEW_HEADING): Promise<void> {
    const locator = typeof target === 'string' ? this.page.locator(target).first() : target;
    if (!this.javaScript) {
      await Promise.all([this.page.waitForNavigation({ waitUntil: 'load' }), locator.click()]);
      return;
    }
    const before = {
      url: this.page.url(),
      errors: await this.page.evaluate(() => document.querySelector('.govuk-error-summary')?.textContent ?? null),
      heading: await this.page.evaluate(() => document.querySelector('main h1')?.textContent ?? null),
    };
    await locator.click();
    if (shows === NEW_HEADING) {
      await this.page.waitForFunction(
        (heading) => (document.querySelector('main h1')?.textContent ?? null) !== heading,
        before.heading,
      );
    } else if (shows !== undefined) {
      await this.page.locator(shows).first().waitFor();
    } else {
      await this.page.waitForFunction(
        ({ url, errors }) =>
          location.href !== url || (document.querySelector('.govuk-error-summary')?.textContent ?? null) !== errors,
        before,
      );
    }
    await this.settled();
  }

  /** A question page: checked as it opens, then with the errors of an empty answer; then answered. */
  async question(fill: () => Promise<unknown>, next?: string): Promise<void> {
    await this.check('as it opens');
    await this.press(CONTINUE);
    await this.page.locator('.govuk-error-summary').waitFor();
    await this.check('with errors');
    await fill();
    await this.press(CONTINUE);
    if (next !== undefined && this.javaScript) await at(this.page, next);
    if (next !== undefined) expect(pathOf(this.page)).toBe(next);
  }

  async chooseNationality(nationality: string): Promise<void> {
    if (this.javaScript) await chooseNationality(this.page, nationality);
    else await this.page.selectOption('#nationality', nationality);
  }

  async fillTravel(): Promise<void> {
    if (!this.javaScript) return fillTravel(this.page);
    const travel = defaultTravel();
    await choosePlaceOfDeparture(this.page, travel.departure);
    await fillDate(this.page, 'date-of-arrival', travel.arrival);
    await this.page.check('input[name="method-of-arrival"][value="plane"]');
    await this.page.fill('#carrier', travel.carrier!);
    await this.page.fill('#flight-number', travel.flightNumber!);
    await this.page.fill('#port-of-arrival', travel.portOfArrival);
  }
}

/** The start page, its cookie banner, the static pages, the cookies page and an unknown address. */
async function walkInformation(walk: Walk): Promise<void> {
  await walk.open('/');
  await walk.check('with the cookie banner');
  await walk.press('.govuk-cookie-banner button[value="reject"]', '.govuk-cookie-banner [role="alert"]');
  await walk.check('after a cookie choice');
  for (const path of ['/terms-and-conditions', '/privacy-policy', '/accessibility', '/cookies']) {
    await walk.open(path);
    await walk.check('');
  }
  await walk.page.locator('#cookies-analytics').check();
  await walk.press('main form button[type="submit"]', '.govuk-notification-banner--success');
  await walk.check('saved');
  await walk.open('/no-such-page');
  await walk.check('(an unknown address)');
  if (!walk.javaScript) {
    // A form the server cannot tell came from the service (its form token changed).
    await walk.open('/cookies');
    await walk.page.evaluate(
      (name) => document.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`).forEach((i) => (i.value = 'x')),
      FORM_TOKEN_FIELD,
    );
    await walk.press('main form button[type="submit"]');
    await walk.check('(a form refused)');
  }
}

/** One worker's questions, from /passenger-name to /cos-reference answered. */
async function walkWorker(walk: Walk, answers: Worker, options: { ineligible: boolean }): Promise<void> {
  const { page } = walk;
  await walk.question(async () => {
    await page.fill('#family-name', answers.familyName);
    await page.fill('#given-name', answers.givenNames);
  }, '/passenger-date-of-birth');
  await walk.question(() => fillDate(page, 'date-of-birth', answers.dateOfBirth), '/nationality');
  if (options.ineligible) {
    // A visa national, then a British national: the two ineligible pages, and back each time.
    await walk.question(() => walk.chooseNationality('IND - Indian'), '/ineligible');
    await walk.check('for a visa national');
    await walk.press('main form a.govuk-link');
    await walk.chooseNationality('GBR - British, UK');
    await walk.check('with a warning');
    await walk.press(CONTINUE);
    expect(pathOf(page)).toBe('/ineligible');
    await walk.check('for a British national');
    await walk.open('/nationality');
    await walk.chooseNationality(answers.nationality);
    await walk.press(CONTINUE);
    if (walk.javaScript) await at(page, '/passport-details');
    expect(pathOf(page)).toBe('/passport-details');
  } else {
    await walk.question(() => walk.chooseNationality(answers.nationality), '/passport-details');
  }
  await walk.question(async () => {
    await page.fill('#passport-number', answers.passportNumber);
    await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
    await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
  }, '/cos-reference');
  await walk.question(() => page.fill('#cos-reference', answers.cosReference));
}

/** A group of two, every question empty then with errors, to /complete; the references shown there. */
async function walkJourney(walk: Walk): Promise<string[]> {
  const { page } = walk;
  await walk.open('/your-contact-details');
  await walk.question(() => page.fill('#sponsor-email', SPONSOR.email), '/sponsor-details');
  await walk.question(async () => {
    await page.fill('#sponsor-name', SPONSOR.name);
    await page.fill('#sponsor-reference', SPONSOR.reference);
  }, '/what-would-you-like-to-do');
  await walk.question(
    () => page.check('input[name="what-would-you-like-to-do"][value="group-application"]'),
    '/passenger-name',
  );
  await walkWorker(walk, worker('Fontaine'), { ineligible: true });
  expect(pathOf(page)).toBe('/travel-details');
  await walk.question(() => walk.fillTravel(), '/work-dates');
  await walk.question(() => fillWorkDates(page), '/check-your-answers');
  await walk.check('');
  await walk.press(button(JOURNEY_BUTTONS.addToGroup));
  expect(pathOf(page)).toBe('/group-edit');
  await walk.check('with one applicant');
  await walk.press(button(JOURNEY_BUTTONS.addApplication));
  await walkWorker(walk, worker('Fontenelle'), { ineligible: false });
  expect(pathOf(page)).toBe('/reuse-travel-details');
  await walk.question(() => page.check('input[name="reuse-travel-details"][value="0"]'), '/reuse-work-dates');
  await walk.question(() => page.check('input[name="reuse-work-dates"][value="0"]'), '/check-your-answers');
  await walk.check('of the second applicant');
  await walk.press(button(JOURNEY_BUTTONS.addToGroup));
  await walk.check('with two applicants');
  await walk.press(button(JOURNEY_BUTTONS.send));
  if (walk.javaScript) await at(page, '/complete');
  expect(pathOf(page)).toBe('/complete');
  await page.locator('.app-reference-list .app-reference').nth(1).waitFor();
  await walk.check('');
  return page.locator('.app-reference-list .app-reference').allTextContents();
}

/** Gives the licence number on the status gate and waits for what it shows. */
async function giveLicence(walk: Walk, licence: string, shows: string | typeof NEW_HEADING): Promise<void> {
  await walk.page.fill('#sponsor-licence-number', licence);
  await walk.press(CONTINUE, shows);
}

/** The status pages: the gate, a wrong number, the list, one application, a lockout; a link not valid; a service failure. */
async function walkStatus(walk: Walk, references: string[]): Promise<void> {
  const { page } = walk;
  // The sponsor's email of the group just sent.
  const ours = (m: { to: string; text: string }) =>
    m.to === SPONSOR.email && references.every((reference) => m.text.includes(reference));
  const mail = await waitForMail((all) => all.some(ours));
  const link = new RegExp(`${baseUrl()}/status\\?epat=[\\w.-]+`).exec(mail.find(ours)!.text)![0];

  // In progress, on the service that waits for a caseworker.
  await walk.open(link);
  await walk.check('(the gate)');
  await giveLicence(walk, 'WRONG123', '.govuk-error-summary');
  await walk.check('with a wrong licence number');
  await giveLicence(walk, SPONSOR.reference, 'table');
  await walk.check('(the list)');
  await walk.open(link.replace('/status?', '/status/0?'));
  if ((await page.locator('#sponsor-licence-number').count()) > 0)
    await giveLicence(walk, SPONSOR.reference, NEW_HEADING);
  await walk.check('(one application in progress)');
  // The first wrong number was given above; the fifth locks the link and shows the locked page.
  for (let attempt = 2; attempt <= 5; attempt += 1) {
    await walk.open(link);
    await giveLicence(walk, `WRONG${attempt}`, attempt < 5 ? '.govuk-error-summary' : NEW_HEADING);
    if (attempt === 3) await walk.check('with attempts left');
  }
  await walk.check('locked');

  // Decided, on the service that decides at once: approved, then rejected.
  await walk.open(decided.statusLink);
  await giveLicence(walk, LICENCE, 'table');
  await walk.check('(the list of decided applications)');
  for (const index of [0, 1]) {
    await walk.open(decided.statusLink.replace('/status?', `/status/${index}?`));
    if ((await page.locator('#sponsor-licence-number').count()) > 0) await giveLicence(walk, LICENCE, NEW_HEADING);
    await walk.check(index === 0 ? '(approved)' : '(rejected)');
  }

  // A link that is not valid.
  await walk.open('/status?epat=not-a-valid-token');
  if ((await page.locator('#sponsor-licence-number').count()) > 0) await giveLicence(walk, 'ABC', NEW_HEADING);
  await walk.check('(application not found)');

  // A link whose time is over (signed with the service's key), and a new one asked for.
  const expired = await signedStatusToken('a-submission', { expired: true });
  await walk.open(`/status?epat=${expired}`);
  // Shown at once; a made-up submission's expired link offers no new link.
  const askingForNewLink = page.locator('input[name="action"][value="new-link"]');
  if ((await askingForNewLink.count()) === 0) await giveLicence(walk, 'ABC', NEW_HEADING);
  await walk.check('(link expired)');
  // Without JavaScript the server, which finds no such submission, says so instead.
  if ((await askingForNewLink.count()) > 0) {
    await giveLicence(walk, '', '.govuk-error-summary');
    await walk.check('(link expired) with errors');
    await giveLicence(walk, SPONSOR.reference, NEW_HEADING);
    await walk.check('(a new link asked for)');
  }

  if (walk.javaScript) {
    // A status call that fails.
    await page.route(
      '**/api/public/publicStatus',
      (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"InternalServerError"}' }),
      { times: 1 },
    );
    await walk.open(decided.statusLink);
    await giveLicence(walk, LICENCE, '[role=alert]');
    await walk.check('when the service fails');
  }
}

/** The check page of documents: empty, errors, a valid document by its code and by its QR code, and one not valid. */
async function walkCheck(walk: Walk): Promise<void> {
  const { page } = walk;
  await walk.open(`${autoBase}/check-a-clearance`);
  await walk.check('as it opens');
  await walk.press(CONTINUE, '.govuk-error-summary');
  await walk.check('with errors');
  const typeCheck = async (day: string) => {
    await page.fill('#check-code', decided.checkCode);
    await page.fill('#date-of-birth-day', day);
    await page.fill('#date-of-birth-month', '5');
    await page.fill('#date-of-birth-year', '1990');
    await walk.press(CONTINUE, 'main h1:not(:has-text("Check a"))');
  };
  await typeCheck('17');
  await walk.check('(valid, by its code)');
  await walk.open(`${autoBase}/check-a-clearance`);
  await typeCheck('18');
  await walk.check('(not valid)');
  await walk.open(decided.qrLink);
  await walk.check('(valid, by its QR code)');
}

describe.each([
  ['en', true],
  ['ar', true],
  ['en', false],
  ['ar', false],
] as const)('every page in %s, with JavaScript %s', (language, javaScript) => {
  it('shows every text in GOV.UK’s font', { timeout: 300_000 }, async () => {
    const context = await test.browser.newContext({ javaScriptEnabled: javaScript });
    try {
      await chooseLanguage(context, language);
      const walk = new Walk(await context.newPage(), javaScript, language);
      await walkInformation(walk);
      const references = await walkJourney(walk);
      await walkStatus(walk, references);
      await walkCheck(walk);
      // The walk reached every page it set out to.
      expect(walk.seen.length).toBeGreaterThan(50);
      expect(walk.problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

it('finds text outside GOV.UK’s classes (so a pass means something)', async () => {
  const walk = new Walk(test.page, true, 'en');
  await walk.open('/');
  await test.page.evaluate(() => document.querySelector('main')?.insertAdjacentHTML('beforeend', '<div>Serif</div>'));
  await walk.check('with a planted text');
  expect(walk.problems).toEqual([expect.stringMatching(/Times New Roman|serif.* ← Serif$/)]);
});

// GDS Transport comes after the first paint on a slow connection; until it does, the text is in
// Arial set to GDS Transport's measures ('GDS Transport fallback', app.scss), so the swap hardly
// moves it. Here the fonts are held until the page has painted, then let through: the layout
// shifts the swap makes at a phone's width add up to at most 0.02 (plain Arial: 0.07 to 0.25).
describe('the swap to GOV.UK’s font when it arrives after the first paint', () => {
  it.each(['/cookies', '/cookies?lang=ar', '/', '/check-a-clearance', '/your-contact-details'])(
    'moves %s by at most 0.02',
    async (path) => {
      const context = await test.browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      try {
        const page = await context.newPage();
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\.woff2$/, async (route) => {
          await released;
          await route.continue();
        });
        await page.addInitScript(() => {
          const shifts: number[] = [];
          Object.assign(window, { layoutShifts: shifts });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit' });
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
        expect(await page.evaluate(() => document.fonts.check('19px "GDS Transport"'))).toBe(false);
        release();
        await page.waitForFunction(
          () => document.fonts.check('bold 19px "GDS Transport"') && document.fonts.check('19px "GDS Transport"'),
        );
        // Two frames: the swap is laid out and its shift reported.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const shifted = await page.evaluate(() =>
          (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
        );
        expect(shifted).toBeLessThanOrEqual(0.02);
      } finally {
        await context.close();
      }
    },
  );
});
