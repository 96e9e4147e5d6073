// The journey with JavaScript off (decision 024): every form is posted to the server, which keeps
// the answers in a session of its own and answers with the next page (303) or the page with its
// errors. Fields are found by id and buttons by what they send, so the same steps run in Arabic.
import { LANGUAGES, type Language } from '../../src/shared/i18n/languages.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runTsx } from '../../src/server/test-support/child-process.ts';
import {
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
  downloadedBytes,
} from './support/browser.ts';
import { storedApplicationsOf } from './support/database.ts';
import { button, CONTINUE, fillTravel, fillWorkDates, pathOf, send } from './support/no-javascript.ts';
import { SPONSOR, fillDate, monthsFromToday, textIn, waitForMail, worker, type Worker } from './support/journey.ts';
import { workerServices } from './support/services.ts';

const test = useBrowser();
const databaseUrl = workerServices().manual.databaseUrl;

/** The status link each language's single application was sent with, for the status pages' tests. */
const statusLinks: Partial<Record<Language, { link: string; reference: string; name: string }>> = {};

async function withoutJavaScript(language: Language, run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await test.browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  try {
    await chooseLanguage(context, language);
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The page at `expected`, its `dir`, and nothing for axe to find. */
async function expectPage(page: Page, expected: string, language: Language): Promise<void> {
  expect(pathOf(page)).toBe(expected);
  expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
  expect(await axeViolationsWithoutJavaScript(page), expected).toEqual([]);
}

/** Continue with nothing filled in: the same page, its error summary, field errors and "Error: " title. */
async function expectErrorsWhenEmpty(page: Page, language: Language): Promise<void> {
  const at = pathOf(page);
  await send(page, CONTINUE);
  expect(pathOf(page)).toBe(at);
  expect(await page.title()).toMatch(new RegExp(`^${textIn(language, 'page.errorPrefix')}`));
  await expect(page.locator('.govuk-error-summary').count()).resolves.toBe(1);
  expect(await page.locator('.govuk-error-summary__list a').count()).toBeGreaterThan(0);
  expect(await page.locator('.govuk-error-message').count()).toBeGreaterThan(0);
  expect(await axeViolationsWithoutJavaScript(page), `${at} with errors`).toEqual([]);
}

/** Answers a question page (after checking its errors when `errors`) and continues to `next`. */
async function answer(
  page: Page,
  language: Language,
  fill: () => Promise<void>,
  next: string,
  errors: boolean,
): Promise<void> {
  const at = pathOf(page);
  if (errors) await expectErrorsWhenEmpty(page, language);
  await fill();
  await send(page, CONTINUE);
  await expectPage(page, next, language);
  // "Go back" leads to the page just answered, as it does with JavaScript.
  expect(await page.locator('.govuk-back-link').getAttribute('href'), next).toBe(at);
}

async function answerSponsor(page: Page, language: Language, kind: string, errors: boolean): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await expectPage(page, '/', language);
  await send(page, 'main a.govuk-button--start');
  await expectPage(page, '/your-contact-details', language);
  await answer(page, language, () => page.fill('#sponsor-email', SPONSOR.email), '/sponsor-details', errors);
  await answer(
    page,
    language,
    async () => {
      await page.fill('#sponsor-name', SPONSOR.name);
      await page.fill('#sponsor-reference', SPONSOR.reference);
    },
    '/what-would-you-like-to-do',
    errors,
  );
  await answer(
    page,
    language,
    () => page.check(`input[name="what-would-you-like-to-do"][value="${kind}"]`),
    '/passenger-name',
    errors,
  );
}

/** From /passenger-name to /cos-reference answered; `reuse` says whether the group has sets to reuse. */
async function answerWorker(
  page: Page,
  language: Language,
  answers: Worker,
  options: { errors: boolean; reuse: boolean },
) {
  const { errors } = options;
  await answer(
    page,
    language,
    async () => {
      await page.fill('#family-name', answers.familyName);
      await page.fill('#given-name', answers.givenNames);
    },
    '/passenger-date-of-birth',
    errors,
  );
  await answer(page, language, () => fillDate(page, 'date-of-birth', answers.dateOfBirth), '/nationality', errors);
  await answer(
    page,
    language,
    async () => {
      await page.selectOption('#nationality', answers.nationality);
    },
    '/passport-details',
    errors,
  );
  await answer(
    page,
    language,
    async () => {
      await page.fill('#passport-number', answers.passportNumber);
      await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
      await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
    },
    '/cos-reference',
    errors,
  );
  await answer(
    page,
    language,
    () => page.fill('#cos-reference', answers.cosReference),
    options.reuse ? '/reuse-travel-details' : '/travel-details',
    errors,
  );
}

async function answerTravelAndWork(page: Page, language: Language, errors: boolean) {
  await answer(page, language, () => fillTravel(page), '/work-dates', errors);
  await answer(page, language, () => fillWorkDates(page), '/check-your-answers', errors);
}

/** Takes the first set offered on both reuse pages (after checking the first page's error). */
async function reuseFirstSets(page: Page, language: Language, errors: boolean) {
  await answer(
    page,
    language,
    () => page.check('input[name="reuse-travel-details"][value="0"]'),
    '/reuse-work-dates',
    errors,
  );
  await answer(
    page,
    language,
    () => page.check('input[name="reuse-work-dates"][value="0"]'),
    '/check-your-answers',
    errors,
  );
}

describe.each(LANGUAGES)('without JavaScript, in %s', (language) => {
  it(
    'sends a single application from the start page to the complete page, with every page’s errors',
    { timeout: 180_000 },
    async () => {
      await withoutJavaScript(language, async (page) => {
        const applicant = worker(`Nojs${{ en: 'Single', cy: 'Welsh', ar: 'Arabic' }[language]}`, {
          cosReference: { en: 'C2G8K5NOJS1Q', cy: 'C2G8K5NOJS3Q', ar: 'C2G8K5NOJS2Q' }[language],
        });
        await answerSponsor(page, language, 'single-application', true);
        await answerWorker(page, language, applicant, { errors: true, reuse: false });
        await answerTravelAndWork(page, language, true);

        // A Change link and back: check your answers again after the answer. "Go back" leads
        // where the journey came from, as it does with JavaScript.
        expect(await page.locator('.govuk-back-link').getAttribute('href')).toBe('/work-dates');
        await send(page, 'main a[href="/cos-reference?change"]');
        await expectPage(page, '/cos-reference', language);
        expect(await page.locator('.govuk-back-link').getAttribute('href')).toBe('/check-your-answers');
        await send(page, CONTINUE);
        await expectPage(page, '/check-your-answers', language);

        await send(page, button('send'));
        await expectPage(page, '/complete', language);
        const reference = (await page.locator('.govuk-panel .app-reference').textContent())!.trim();
        expect(reference).toMatch(/^[A-Z0-9-]+$/);
        const stored = await storedApplicationsOf(reference);
        if (stored !== undefined) {
          expect(stored.concessionForm.certificateOfSponsorshipReferenceNumber).toBe(applicant.cosReference);
        }
        const mail = await waitForMail((all) => all.some((m) => m.to === SPONSOR.email && m.text.includes(reference)));
        const confirmation = mail.find((m) => m.to === SPONSOR.email && m.text.includes(reference))!;
        const link = new RegExp(`${baseUrl()}/status\\?epat=[\\w.-]+`).exec(confirmation.text)?.[0];
        expect(link).toBeDefined();
        statusLinks[language] = { link: link!, reference, name: applicant.familyName };

        // Back to the start, the answers gone.
        await send(page, button('finish'));
        await expectPage(page, '/', language);
        await page.goto(`${baseUrl()}/passenger-name`);
        await page.waitForURL((url) => url.pathname === '/your-contact-details');
      });
    },
  );
});

describe('a group without JavaScript', () => {
  it('adds three members with reuse, edits one, deletes one and sends the group', { timeout: 240_000 }, async () => {
    await withoutJavaScript('en', async (page) => {
      const members = ['Ashford', 'Byrne', 'Clarke', 'Doyle'].map((name, index) =>
        worker(`Nojsgroup${name}`, { cosReference: `C2G8K5GRP${index}Q` }),
      );
      await answerSponsor(page, 'en', 'group-application', false);
      await answerWorker(page, 'en', members[0]!, { errors: false, reuse: false });
      await answerTravelAndWork(page, 'en', false);
      await send(page, button('add-to-group'));
      await expectPage(page, '/group-edit', 'en');

      for (const [index, member] of members.slice(1).entries()) {
        await send(page, button('add-applicant'));
        await expectPage(page, '/passenger-name', 'en');
        await answerWorker(page, 'en', member, { errors: false, reuse: true });
        await reuseFirstSets(page, 'en', index === 0);
        await send(page, button('add-to-group'));
        await expectPage(page, '/group-edit', 'en');
      }
      await expect(page.locator('#group-members .govuk-summary-list__row').count()).resolves.toBe(4);

      // The second member given the first one's CoS number: a warning on check your answers and
      // on the group overview, not an error (the group can still be sent).
      const sameCos = 'This certificate of sponsorship number is also given for Eithne NojsgroupAshford';
      await send(page, 'main a[href="/check-your-answers?edit=1"]');
      await expectPage(page, '/check-your-answers', 'en');
      expect(await page.locator('#same-cos-warning').count()).toBe(0);
      await send(page, 'main a[href="/cos-reference?edit=1"]');
      await page.fill('#cos-reference', ' c2g8k5grp0q');
      await send(page, CONTINUE);
      await expectPage(page, '/check-your-answers', 'en');
      await expect(page.locator('#same-cos-warning').textContent()).resolves.toContain(sameCos);
      await send(page, button('add-to-group'));
      await expectPage(page, '/group-edit', 'en');
      await expect(page.locator('#same-cos-warning').textContent()).resolves.toContain(
        'Some applicants in this group have the same certificate of sponsorship number: Eithne NojsgroupAshford and Eithne NojsgroupByrne.',
      );

      // Edit the second member: their CoS reference, changed from their check your answers.
      await send(page, 'main a[href="/check-your-answers?edit=1"]');
      await expectPage(page, '/check-your-answers', 'en');
      await send(page, 'main a[href="/cos-reference?edit=1"]');
      await page.fill('#cos-reference', 'C2G8K5EDITQ');
      await send(page, CONTINUE);
      await expectPage(page, '/check-your-answers', 'en');
      await send(page, button('add-to-group'));
      await expectPage(page, '/group-edit', 'en');
      await expect(page.locator('#group-members').textContent()).resolves.toContain('C2G8K5EDITQ');
      expect(await page.locator('#same-cos-warning').count()).toBe(0);

      // Delete the fourth, after its confirmation.
      await send(page, 'main a[href="/group-edit?delete=3"]');
      await expectPage(page, '/group-edit', 'en');
      await expect(page.locator('main h2').first().textContent()).resolves.toContain(members[3]!.familyName);
      await send(page, button('delete-applicant'));
      await expectPage(page, '/group-edit', 'en');
      await expect(page.locator('.govuk-notification-banner--success').textContent()).resolves.toContain(
        members[3]!.familyName,
      );
      await expect(page.locator('#group-members .govuk-summary-list__row').count()).resolves.toBe(3);

      await send(page, button('send'));
      await expectPage(page, '/complete', 'en');
      await expect(page.locator('.app-reference-list .app-reference').count()).resolves.toBe(3);
      const references = await page.locator('.app-reference-list .app-reference').allTextContents();
      const sent = await page.locator('main .app-reference-list').textContent();
      for (const cos of ['C2G8K5GRP0Q', 'C2G8K5EDITQ', 'C2G8K5GRP2Q']) expect(sent).toContain(cos);
      expect(sent).not.toContain('C2G8K5GRP3Q');
      for (const reference of references) {
        const stored = await storedApplicationsOf(reference.trim());
        if (stored !== undefined) expect(stored.status).toBeTruthy();
      }
    });
  });
});

describe('the ineligible page without JavaScript', () => {
  it('leads back to the nationality with its link, and starts again with its button', async () => {
    await withoutJavaScript('ar', async (page) => {
      await answerSponsor(page, 'ar', 'single-application', false);
      await answer(
        page,
        'ar',
        async () => {
          await page.fill('#family-name', 'Ivanov');
          await page.fill('#given-name', 'Pyotr');
        },
        '/passenger-date-of-birth',
        false,
      );
      await answer(
        page,
        'ar',
        () => fillDate(page, 'date-of-birth', worker('Ivanov').dateOfBirth),
        '/nationality',
        false,
      );
      await answer(
        page,
        'ar',
        () => page.selectOption('#nationality', 'RUS - Russian').then(() => undefined),
        '/ineligible',
        false,
      );
      await send(page, 'main a[href="/nationality?change"]');
      await expectPage(page, '/nationality', 'ar');
      await answer(
        page,
        'ar',
        () => page.selectOption('#nationality', 'RUS - Russian').then(() => undefined),
        '/ineligible',
        false,
      );
      await send(page, button('finish'));
      await expectPage(page, '/', 'ar');
    });
  });
});

describe.each(['en', 'ar'] as const)('a form over the limit without JavaScript, in %s', (language) => {
  it('is answered with a page saying so, whose Try again sends it again, with nothing for axe to find', async () => {
    await withoutJavaScript(language, async (page) => {
      // The context's address is its own (chromium.ts): its budget (FORM_RATE_LIMIT a minute) is this test's.
      await page.goto(`${baseUrl()}/privacy-policy`);
      const token = await page.locator('input[name="form-token"]').first().getAttribute('value');
      for (let sent = 0; sent < 60; sent += 1) {
        await page.request.post(`${baseUrl()}/privacy-policy`, {
          form: { 'form-token': token!, cookies: 'hide' },
          maxRedirects: 0,
        });
      }
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.locator('.govuk-cookie-banner button[value="accept"]').click(),
      ]);
      await page.waitForLoadState('load');
      expect(response.status()).toBe(429);
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('main form input[name="cookies"]').getAttribute('value')).toBe('accept');
      expect(await page.locator('script[type="module"]').count()).toBe(0);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
    });
  });
});

describe('"Go back" without JavaScript', () => {
  it('leads from a page reached from anywhere to the page the browser came from', async () => {
    await withoutJavaScript('en', async (page) => {
      await page.goto(`${baseUrl()}/your-contact-details`);
      await send(page, 'footer a[href="/cookies"]');
      await expectPage(page, '/cookies', 'en');
      await send(page, '.govuk-back-link');
      await expectPage(page, '/your-contact-details', 'en');
    });
  });
});

describe('answers given without JavaScript', () => {
  it('are taken over by the app when JavaScript comes on, the page hydrated without a mismatch', async () => {
    let cookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];
    await withoutJavaScript('en', async (page, context) => {
      await answerSponsor(page, 'en', 'single-application', false);
      cookies = await context.cookies();
    });
    const context = await test.browser.newContext();
    try {
      const messages: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
      });
      await context.addCookies(cookies);
      const page = await context.newPage();
      // The heading as the server sent it, before the app's script runs.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { served: Element | null }).served = document.querySelector('main h1, main legend');
        });
      });
      await page.goto(`${baseUrl()}/passenger-name`);
      expect(pathOf(page)).toBe('/passenger-name');
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { served: Element | null }).served === document.querySelector('main h1, main legend'),
        ),
      ).toBe(true);
      // The app goes on with JavaScript from the answers the service keeps for the browser: the
      // form is sent by the app (the page is not loaded again), and the service's answer, of which
      // the tab keeps a copy, holds the answers given without JavaScript and the new one.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.fill('#family-name', 'Takeover');
      await page.fill('#given-name', 'Eithne');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/passenger-date-of-birth');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      const copy = await page.evaluate(() => sessionStorage.getItem('state'));
      expect(copy).toContain(SPONSOR.email);
      expect(copy).toContain('Takeover');
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(databaseUrl === '').each(['en', 'ar'] as const)(
  'the status pages without JavaScript, in %s',
  (language) => {
    it('open from the emailed link, refuse a wrong licence number, show the table and download the PDF', async () => {
      const sent = statusLinks[language];
      expect(sent, 'the single application of this language was sent first').toBeDefined();
      const approved = await runTsx('src/server/cli/caseworker.ts', ['approve', sent!.reference], {
        DATABASE_URL: databaseUrl,
        DATA_DIR: '/tmp',
        LOG_LEVEL: 'warn',
      });
      expect(approved.code, approved.stderr).toBe(0);

      await withoutJavaScript(language, async (page) => {
        // The token is taken out of the address, and kept for the browser by the server.
        await page.goto(sent!.link);
        await expectPage(page, '/status', language);
        expect(page.url()).toBe(`${baseUrl()}/status`);

        await page.fill('#sponsor-licence-number', 'WRONG1234');
        await send(page, 'main form button[type="submit"]');
        await expectPage(page, '/status', language);
        expect(await page.title()).toMatch(language === 'ar' ? /^خطأ: / : /^Error: /);
        await expect(page.locator('.govuk-error-summary').count()).resolves.toBe(1);
        await expect(page.locator('#sponsor-licence-number-error').count()).resolves.toBe(1);

        await page.fill('#sponsor-licence-number', SPONSOR.reference);
        await send(page, 'main form button[type="submit"]');
        await expectPage(page, '/status', language);
        await expect(page.locator('main').textContent()).resolves.toContain(sent!.name);

        const download = page.waitForEvent('download');
        await page.locator(`main button[name="download"][value="${sent!.reference}"]:visible`).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(`pre-clearance-${sent!.reference}.pdf`);
        expect((await downloadedBytes(file)).subarray(0, 5).toString()).toBe('%PDF-');
        const all = page.waitForEvent('download');
        await page.locator('main button[name="download"][value="approved"]').click();
        expect((await downloadedBytes(await all)).subarray(0, 5).toString()).toBe('%PDF-');

        // The search is a GET of the list, which the server filters as the browser would.
        await page.fill('#search', sent!.name.toLowerCase());
        await send(page, 'main form[role="search"] button');
        await expectPage(page, '/status', language);
        expect(new URL(page.url()).searchParams.get('search')).toBe(sent!.name.toLowerCase());
        await expect(page.locator('main').textContent()).resolves.toContain(sent!.name);
        await page.fill('#search', 'nobody by this name');
        await send(page, 'main form[role="search"] button');
        await expect(page.locator('main').textContent()).resolves.not.toContain(sent!.name);

        // One application, and back to the list: plain links while the pages stay open.
        await page.goto(`${baseUrl()}/status`);
        await send(page, 'main a[href="/status/0"]:visible');
        await expectPage(page, '/status/0', language);
        await expect(page.locator('main h1').textContent()).resolves.toContain(sent!.name);
        expect(await page.locator('.govuk-back-link').getAttribute('href')).toBe('/status');
        await send(page, 'main a[href="/status"]');
        await expectPage(page, '/status', language);
      });
    });
  },
);
