// Every page of the service, reached as a user reaches it (a journey given to the service, a status
// link from its email, a document's QR code), in every language, with and without JavaScript: no
// key of the translation files ("apply.warning") reaches the user, neither in the text they see nor
// in what a screen reader says (the accessible names and the visually hidden texts, such as the
// warning text's "Warning" prefix). A page that loads its texts with its own chunk reads a key of
// another page's section as a key, so each page is read as the app shows it, after hydration.
// Needs the service on PostgreSQL (DATABASE_URL): the caseworker command approves and withdraws.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/shared/i18n/languages.ts';
import en from '../../src/shared/i18n/translations/en.json';
import { PAGE_PATHS } from '../../src/shared/pages/page-paths.ts';
import { pdfQrCodes } from '../../src/server/test-support/pdf-qr-codes.ts';
import { caseworker } from './support/caseworker.ts';
import { baseUrl, becomeNewVisitor, chooseLanguage, downloadedBytes, useBrowser } from './support/browser.ts';
import { groupWithMembers, run, seedSession, singleComplete, withReceipts } from './support/journey-states.ts';
import { workerServices } from './support/services.ts';
import { submitForStatusLink } from './support/status-links.ts';
import type { FormState } from '../../src/shared/journey/form-state.ts';
import { STEP_PATHS } from '../../src/shared/journey/paths.ts';
import { buildApplicantPayload } from '../../src/shared/api/new-from-concession.ts';
import { FIXTURE_SPONSOR, validApplicantAnswers } from '../fixtures/applicants.ts';

const test = useBrowser();
const databaseUrl = workerServices().manual.databaseUrl;
const LICENCE = FIXTURE_SPONSOR['sponsor-reference'] ?? '';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
// Every key, and the base of a plural's (`key_one` is asked for as `key`), and every section's path.
const KEYS = new Set(
  keysOf(en as Tree).flatMap((key) => {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
    const sections = base.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'));
    return [key, ...sections.filter((section) => section.includes('.'))];
  }),
);

/** The keys of the translation files among `text`'s dotted words. */
function rawKeysIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\b[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+\b/g)].map((m) => m[0]))].filter(
    (word) => KEYS.has(word),
  );
}

/** What the page shows and says: its title, its text (visually hidden text included), its accessible names and attributes. */
async function everythingSaid(page: Page): Promise<string> {
  const shown = await page.evaluate(() => {
    const parts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.parentElement?.closest('script, style, template') == null) parts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[aria-label], [alt], [title], [placeholder]'))
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) parts.push(element.getAttribute(name) ?? '');
    return parts.join('\n');
  });
  return `${shown}\n${await page.locator('body').ariaSnapshot()}`;
}

/** How a page is reached: the state the service keeps for the browser first, then the address, or what a user does. */
interface Visit {
  readonly path: string;
  readonly state?: () => FormState;
  /** Opens the page; by default, its address. */
  readonly open?: (page: Page) => Promise<void>;
}

// Filled in by beforeAll: a status link of a group whose first member is withdrawn and whose second
// is approved, and the QR code's link of the withdrawn member's document.
const reached = { statusLink: '', qrLink: '' };

const openStatus = async (page: Page, path = '/status') => {
  await page.goto(reached.statusLink.replace('/status?', `${path}?`));
  await page.fill('#sponsor-licence-number', LICENCE);
  await Promise.all([
    page.waitForURL((url) => url.pathname === path && !url.search.includes('epat')),
    page.locator('main form button[type="submit"]').first().click(),
  ]);
  await page.locator('main table, main .govuk-summary-list').first().waitFor();
};

const saveFromCheckYourAnswers = async (page: Page) => {
  await page.goto(`${baseUrl()}/check-your-answers`);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/application-saved'),
    page.locator('main button[name="action"][value="save"]').click(),
  ]);
};

const saveWithoutAnEmail = async (page: Page) => {
  await page.goto(`${baseUrl()}/your-contact-details`);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/save-your-application'),
    page.locator('main button[name="action"][value="save"]').click(),
  ]);
};

// The reuse pages are asked only of a group's later members: visited below with a group.
const QUESTIONS = STEP_PATHS.filter((path) => !path.startsWith('/reuse-'));

const VISITS: Visit[] = [
  { path: '/' },
  { path: '/terms-and-conditions' },
  { path: '/privacy-policy' },
  { path: '/cookies' },
  { path: '/accessibility' },
  { path: '/feedback' },
  { path: '/get-status-link' },
  { path: '/continue-application' },
  { path: '/check-a-clearance' },
  { path: '/check-a-clearance', open: (page) => page.goto(reached.qrLink).then(() => undefined) },
  ...QUESTIONS.map((path) => ({ path, state: () => singleComplete() })),
  { path: '/nationality', state: () => singleComplete({ nationality: 'IND - Indian' }) },
  { path: '/nationality', state: () => singleComplete({ nationality: 'GBR - British, UK' }) },
  // The place of departure is asked on the travel details page: its own address leads there.
  { path: '/place-of-departure', state: () => singleComplete() },
  { path: '/check-your-answers', state: () => singleComplete() },
  { path: '/ineligible', state: () => singleComplete({ nationality: 'RUS - Russian' }) },
  { path: '/reuse-travel-details', state: () => groupWithMembers(2) },
  {
    path: '/reuse-work-dates',
    state: () => run(groupWithMembers(2), { type: 'reuse', kind: 'travel', choice: '0' }),
  },
  { path: '/group-edit', state: () => groupWithMembers(2) },
  { path: '/complete', state: () => withReceipts(1) },
  { path: '/exit', state: () => singleComplete() },
  { path: '/save-your-application', open: saveWithoutAnEmail },
  { path: '/application-saved', state: () => singleComplete(), open: saveFromCheckYourAnswers },
  { path: '/status', open: (page) => page.goto(reached.statusLink).then(() => undefined) },
  { path: '/status', open: (page) => openStatus(page) },
  { path: '/status/:applicantIndex', open: (page) => openStatus(page, '/status/0') },
  { path: '/status/:applicantIndex', open: (page) => openStatus(page, '/status/1') },
];

/** The address a visit's page has (`/status/0` for `/status/:applicantIndex`). */
const landsOn = (path: string) => (path === '/place-of-departure' ? '/travel-details' : path);
const matches = (pattern: string, pathname: string) =>
  new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(pathname);

beforeAll(async () => {
  if (databaseUrl === '') return;
  const base = workerServices().manual.baseUrl;
  const now = new Date();
  const groupId = `CWC-${crypto.randomUUID().toUpperCase()}`;
  const body = ['Withdrawn', 'Approved'].map((family, index) =>
    buildApplicantPayload(
      validApplicantAnswers(now, {
        'what-would-you-like-to-do': 'group-application',
        'family-name': family,
        'passport-number': `X1234557${index}`,
        'cos-reference': `C2G8K5A22Y0${index}`,
      }),
      FIXTURE_SPONSOR,
      groupId,
      now,
    ),
  );
  const { references, statusLink } = await submitForStatusLink(base, body);
  reached.statusLink = statusLink;
  for (const reference of references) await caseworker('approve', reference);

  // The first member's document, downloaded from the status page, then withdrawn.
  const context = await test.browser.newContext();
  const page = await context.newPage();
  await openStatus(page);
  const download = page.waitForEvent('download');
  await page.locator('tbody tr').first().getByRole('button', { name: 'Download' }).click();
  const [qrLink] = await pdfQrCodes(await downloadedBytes(await download));
  reached.qrLink = qrLink ?? '';
  await context.close();
  await caseworker('withdraw', references[0]!);
}, 180_000);

describe.skipIf(databaseUrl === '')('no translation key reaches the user', () => {
  it('visits every page of the service', () => {
    expect(PAGE_PATHS.filter((path) => !VISITS.some((visit) => visit.path === path))).toEqual([]);
  });

  it('finds a key planted in a page (so a pass means something)', async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/`);
    await page.evaluate(() =>
      document
        .querySelector('main')
        ?.insertAdjacentHTML('beforeend', '<span class="govuk-visually-hidden">common.warning</span>'),
    );
    expect(rawKeysIn(await everythingSaid(page))).toEqual(['common.warning']);
  });

  describe.each(LANGUAGES.flatMap((language) => [true, false].map((javaScript) => [language, javaScript] as const)))(
    'in %s, with JavaScript %s',
    (language: Language, javaScriptEnabled: boolean) => {
      let context: BrowserContext;
      afterAll(async () => {
        await context?.close();
      });

      it('every page', { timeout: 300_000 }, async () => {
        const found: string[] = [];
        // One context and one tab, for their cache and renderer; each visit a new visitor in them.
        context = await test.browser.newContext({ javaScriptEnabled });
        const page = await context.newPage();
        for (const visit of VISITS) {
          await becomeNewVisitor(context);
          await chooseLanguage(context, language);
          if (visit.state !== undefined) await seedSession(context, visit.state(), language);
          if (visit.open !== undefined) await visit.open(page);
          else await page.goto(`${baseUrl()}${visit.path}`);
          await page.locator('main h1').first().waitFor();
          // With JavaScript, the app has hydrated the page and drawn it with the texts it loaded.
          if (javaScriptEnabled) {
            await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
            await page.locator('html:not([data-page-loading])').waitFor();
          }
          const { pathname } = new URL(page.url());
          expect(matches(landsOn(visit.path), pathname), `${visit.path} opened at ${pathname}`).toBe(true);
          expect(await page.getAttribute('html', 'lang')).toBe(language);
          for (const key of rawKeysIn(await everythingSaid(page))) found.push(`${pathname}: ${key}`);
        }
        expect(found).toEqual([]);
      });
    },
  );
});
