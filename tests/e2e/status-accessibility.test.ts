// The status pages for people who zoom, use a small screen, a keyboard or a screen reader: no
// sideways scrolling at 320 and 375 CSS pixels (WCAG 1.4.10; 400% zoom of a 1280 pixel window is
// 320) in English and Arabic, every action naming its applicant, focus kept or moved where the
// user can go on, and a live region that says what changed away from the focus. A group of 4 with
// long names is sent straight to the API of the service that decides at once, so 3 are approved
// and the late one rejected.
import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApplicantPayload } from '../../src/shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '../../src/shared/api/public-status.ts';
import { addDays, londonToday } from '../../src/shared/dates/calendar.ts';
import { toDateParts } from '../../src/shared/dates/date-parts.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';
import { axeViolations, chooseLanguage, useBrowser } from './support/browser.ts';
import { submitForStatusLink } from './support/status-links.ts';
import { workerServices } from './support/services.ts';

const test = useBrowser();
const { baseUrl: base, mailDir } = workerServices().automatic;
const LICENCE = FIXTURE_SPONSOR['sponsor-reference'] ?? '';

/** The group: given names, family name, passport number; the last one applies too late. */
const APPLICANTS = [
  ['Hubert Blaine Maximilian Alexander', 'Wolfeschlegelsteinhausenbergerdorff', 'X12345567'],
  ['Thị Minh Khai', 'Nguyễn-Vũ Trần', 'X12345568'],
  ['Aikaterini-Alexandra', 'Papadopoulou-Konstantinidou', 'X12345569'],
  ['Mohammed Abdulrahman', 'Al-Abdulrahmanovich', 'X12345570'],
] as const;
const nameOf = (index: number) => `${APPLICANTS[index]![0]} ${APPLICANTS[index]![1]}`;

let statusLink = '';
let references: string[] = [];

beforeAll(async () => {
  const now = new Date();
  const groupId = `CWC-${randomUUID().toUpperCase()}`;
  const today = londonToday(now);
  const body = APPLICANTS.map(([given, family, passport], index) =>
    buildApplicantPayload(
      validApplicantAnswers(now, {
        'what-would-you-like-to-do': 'group-application',
        'given-name': given,
        'family-name': family,
        'passport-number': passport,
        'cos-reference': `C2G8K5A11Y0${index}`,
        // The last one arrives tomorrow: less than 72 hours away, so the checks reject it.
        ...(index === APPLICANTS.length - 1
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
  ({ references, statusLink } = await submitForStatusLink(base, body, mailDir));

  // The checks run in the service's worker: wait for all four decisions.
  const token = new URL(statusLink).searchParams.get('epat');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`${base}${PUBLIC_STATUS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE }),
    });
    const { items } = (await status.json()) as { items: { status: string }[] };
    if (items.every((item) => item.status !== 'in-progress')) {
      expect(items.map((item) => item.status)).toEqual(['approved', 'approved', 'approved', 'rejected']);
      break;
    }
    if (Date.now() > deadline) throw new Error(`Not decided in time: ${items.map((item) => item.status).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

type Language = 'en' | 'ar';
const CHECK = { en: 'Check status', ar: 'التحقق من الحالة' };
const VIEW = { en: 'View application', ar: 'عرض الطلب' };

/** Opens the status link (or its page `path`) in `language` at `width` CSS pixels and gives the licence number. */
async function openStatus(page: Page, language: Language, width = 1280, path = '/status'): Promise<void> {
  await chooseLanguage(page.context(), language);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(statusLink.replace('/status?', `${path}?`));
  await page.fill('#sponsor-licence-number', LICENCE);
  await page.getByRole('button', { name: CHECK[language] }).click();
  await page.locator('h1:focus').waitFor();
}

const sideways = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
/** The text sighted users read: without the visually hidden parts. */
const seen = (element: Element) => {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('.govuk-visually-hidden')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
};
const announcement = async (page: Page) => (await page.locator('#status-announcement').textContent()) ?? '';

describe('the status pages on a narrow screen', () => {
  for (const language of ['en', 'ar'] as const) {
    for (const width of [320, 375]) {
      it(`do not scroll sideways at ${width} CSS pixels in ${language === 'en' ? 'English' : 'Arabic'}`, async () => {
        const { page } = test;
        await openStatus(page, language, width);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        // A card per application, not the table.
        expect(await page.locator('.app-status-cards .govuk-summary-card').count()).toBe(4);
        expect(await page.locator('table').isVisible()).toBe(false);
        await page.locator('details#guidance summary').click();
        expect(await sideways(page)).toEqual({ scrollWidth: width, width });
        if (width === 320) expect(await axeViolations(page)).toEqual([]);

        // The application with the longest name, reached from its card.
        await page.getByRole('link', { name: VIEW[language] }).first().click();
        await page.waitForURL(/\/status\/0$/);
        await page.locator('h1', { hasText: 'Wolfeschlegelsteinhausenbergerdorff' }).waitFor();
        expect(await sideways(page)).toEqual({ scrollWidth: width, width });
        if (width === 320) expect(await axeViolations(page)).toEqual([]);
      });
    }
  }

  it('keep the table from the tablet breakpoint, and the licence question fits 320 pixels too', async () => {
    const { page } = test;
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(statusLink);
    await page.locator('#sponsor-licence-number').waitFor();
    expect(await sideways(page)).toEqual({ scrollWidth: 320, width: 320 });
    await openStatus(page, 'en', 641);
    expect(await page.locator('table').isVisible()).toBe(true);
    expect(await page.locator('.app-status-cards').isVisible()).toBe(false);
    expect(await sideways(page)).toEqual({ scrollWidth: 641, width: 641 });
  });
});

describe('the status pages for screen readers', () => {
  it('name the applicant in every download button and link, and read the masked passport number as its ending', async () => {
    const { page } = test;
    await openStatus(page, 'en');
    for (const [index, reference] of references.slice(0, 3).entries()) {
      await expect(
        page
          .getByRole('button', {
            name: `Download pre-clearance document for ${nameOf(index)} (${reference})`,
            exact: true,
          })
          .count(),
      ).resolves.toBe(1);
      await expect(
        page.getByRole('link', { name: `View application for ${nameOf(index)} (${reference})`, exact: true }).count(),
      ).resolves.toBe(1);
    }
    await expect(
      page.getByRole('link', { name: `View guidance for ${nameOf(3)} (${references[3]})`, exact: true }).count(),
    ).resolves.toBe(1);
    // What sighted users read is unchanged.
    const actions = page.locator('tbody tr').first().locator('td').nth(3);
    expect(await actions.getByRole('link').evaluate(seen)).toBe('View application');
    expect(await actions.getByRole('button').evaluate(seen)).toBe('Download');

    // The same at 320 pixels, on the cards.
    await page.setViewportSize({ width: 320, height: 800 });
    await expect(
      page
        .getByRole('button', {
          name: `Download pre-clearance document for ${nameOf(1)} (${references[1]})`,
          exact: true,
        })
        .count(),
    ).resolves.toBe(1);

    await page.getByRole('link', { name: `View application for ${nameOf(0)} (${references[0]})` }).click();
    await page.locator('h1', { hasText: nameOf(0) }).waitFor();
    const passport = page
      .locator('.govuk-summary-list__row', { hasText: 'Passport number' })
      .locator('.govuk-summary-list__value');
    expect(await passport.ariaSnapshot()).toBe('- definition: ending 567');
    expect(await passport.evaluate(seen)).toBe('••••••567');
    await expect(
      page
        .getByRole('button', {
          name: `Download pre-clearance document for ${nameOf(0)} (${references[0]})`,
          exact: true,
        })
        .count(),
    ).resolves.toBe(1);

    // In Arabic.
    await page.getByRole('link', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const passportInArabic = page
      .locator('.govuk-summary-list__row', { hasText: 'رقم جواز السفر' })
      .locator('.govuk-summary-list__value');
    expect(await passportInArabic.ariaSnapshot()).toBe('- definition: ينتهي بـ 567');
    // Dates name their months in Arabic; only the numeric received time is set apart left to right.
    const arabicText = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      for (const ltr of copy.querySelectorAll('[dir="ltr"]')) ltr.remove();
      return copy.textContent ?? '';
    });
    expect(arabicText).toMatch(
      /\d{2} (يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) \d{4}/,
    );
    expect(arabicText).not.toMatch(
      /January|February|March|April|May|June|July|August|September|October|November|December/,
    );
    await expect(
      page
        .getByRole('button', {
          name: `تنزيل وثيقة التصريح المسبق الخاصة بـ ${nameOf(0)} (${references[0]})`,
          exact: true,
        })
        .count(),
    ).resolves.toBe(1);
  });
});

describe('focus and announcements on the status pages', () => {
  it('move focus to the heading after "Check status", keep it on a download button, and announce results and downloads', async () => {
    const { page } = test;
    await page.goto(statusLink);
    await page.locator('#sponsor-licence-number').waitFor();
    // The live region is there, empty, from the start.
    expect(await page.locator('#status-announcement[role="status"]').count()).toBe(1);
    expect(await announcement(page)).toBe('');
    await page.fill('#sponsor-licence-number', LICENCE);
    await page.getByRole('button', { name: 'Check status' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('table').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Check the status of your applications',
    );
    expect(await announcement(page)).toBe('');

    // The search says how many it found.
    await page.fill('#search', 'nguy');
    await expect.poll(() => announcement(page)).toBe('1 applicant found');
    await page.fill('#search', 'nobody at all');
    await expect.poll(() => announcement(page)).toBe('No applicants match your search.');
    await page.fill('#search', '');
    await expect.poll(() => announcement(page)).toBe('4 applicants found');

    // A download, held back by the test, with the keyboard. The app asks the API for it, or posts
    // the page's own form when the server answered the page open (the store then holds no licence
    // number): either is the download.
    const isDownload = (url: URL) => url.pathname === '/api/public/pdf-maker' || url.pathname.startsWith('/status');
    /** Answers the next download (a POST) with `answer`, once; anything else goes on. */
    const nextDownload = async (answer: (route: Route) => Promise<void>) => {
      let used = false;
      const handler = async (route: Route) => {
        if (used || route.request().method() !== 'POST') return route.fallback();
        used = true;
        await answer(route);
        await page.unroute(isDownload, handler);
      };
      await page.route(isDownload, handler);
    };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await nextDownload(async (route) => {
      await held;
      await route.continue();
    });
    const button = page.getByRole('button', { name: `pre-clearance document for ${nameOf(0)}` });
    await button.focus();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    await expect.poll(() => announcement(page)).toBe('Downloading…');
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    // A second press while busy does nothing.
    await page.keyboard.press('Enter');
    release();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect.poll(() => announcement(page)).toBe('Download complete');
    expect(await button.getAttribute('aria-disabled')).toBeNull();
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    // A download that fails.
    await nextDownload((route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => announcement(page)).toBe('The download failed. Try again.');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('announce in Arabic too', async () => {
    const { page } = test;
    await openStatus(page, 'ar', 320);
    await page.fill('#search', 'nguy');
    await expect.poll(() => announcement(page)).toBe('تم العثور على مقدم طلب واحد');
    await page.fill('#search', '');
    await expect.poll(() => announcement(page)).toBe('تم العثور على 4 مقدمي طلبات');
  });
});
