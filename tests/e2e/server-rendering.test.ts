// Every page is rendered on the server (decision 022): the HTML is the page in the language kept
// in the cookie, without JavaScript too, and the browser hydrates it without a mismatch.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../../src/shared/pages/page-paths.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  useBrowser,
} from './support/browser.ts';
import { seedSession, singleComplete } from './support/journey-states.ts';

const SERVICE = {
  en: 'Creative worker visa concession remote clearance',
  ar: 'التصريح المسبق عن بُعد لاستثناء تأشيرة العامل الإبداعي',
};

// What the console says, per context: a hydration mismatch is reported there as an error.
const consoleMessages: string[] = [];
const test = useBrowser(async (context) => {
  consoleMessages.length = 0;
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleMessages.push(message.text());
  });
  context.on('weberror', (error) => consoleMessages.push(error.error().message));
});

const addresses = PAGE_PATHS.map((path) => path.replace(':applicantIndex', '0'));
// Without answers, the journey's pages after its first question lead to that question, and the
// complete page and the page saying the answers are saved to the start page: the server, which
// keeps the answers, sends the browser there itself (with JavaScript or not).
const FIRST_QUESTION = '/your-contact-details';
const READABLE_WITHOUT_ANSWERS = [
  '/',
  FIRST_QUESTION,
  '/ineligible',
  '/status',
  '/status/0',
  '/get-status-link',
  '/save-your-application',
  '/continue-application',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cookies',
  '/accessibility',
  '/check-a-clearance',
  '/exit',
  '/feedback',
];
const TO_THE_START = ['/complete', '/application-saved'];
const leadsTo = (path: string) =>
  READABLE_WITHOUT_ANSWERS.includes(path) ? undefined : TO_THE_START.includes(path) ? '/' : FIRST_QUESTION;
// The page an emailed link to a saved application opens says, without a link that works, that it
// opens nothing: a page, sent as not found.
const statusOf = (path: string) => (path === '/continue-application' ? 404 : 200);

async function fetchPage(
  path: string,
  language: 'en' | 'ar',
): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie: `lang=${language}` }, redirect: 'manual' });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

describe.each(['en', 'ar'] as const)('the HTML the server sends, in %s', (language) => {
  it.each(addresses.filter((path) => path !== '/place-of-departure'))('is the page at %s', async (path) => {
    const first = await fetchPage(path, language);
    const to = leadsTo(path);
    if (to !== undefined) {
      expect([302, 303]).toContain(first.status);
      expect(new URL(first.location ?? '', baseUrl()).href).toBe(`${baseUrl()}${to}`);
    }
    const { status, html } = to === undefined ? first : await fetchPage(to, language);
    expect(status).toBe(statusOf(to ?? path));
    expect(html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
    expect(html).toMatch(new RegExp(`<title>[^<]+ \\| ${SERVICE[language]}</title>`));
    // Scripts the browser runs come from the service's files: the CSP allows no inline script.
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) {
      expect(script).toMatch(/ src="\/assets\/[^"]+\.js"| type="application\/json"/);
    }
    // The server knows the answers: a page it sends is the page, never one that moves on itself.
    expect(html).not.toMatch(/<meta http-equiv="refresh"/);
    expect(html).toMatch(/<main [^>]*id="main-content"[^>]*>.*<h1[ >]/s);
  });
});

describe('the server', () => {
  it('redirects an address that always leads elsewhere', async () => {
    for (const [from, to] of [
      ['/place-of-departure', '/travel-details'],
      ['/reuse-travel', '/reuse-travel-details'],
    ]) {
      const response = await fetch(`${baseUrl()}${from}`, { redirect: 'manual' });
      expect(response.status, from).toBe(302);
      expect(response.headers.get('location'), from).toBe(to);
    }
  });
});

async function withoutJavaScript<T>(run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await test.browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

describe.each(['en', 'ar'] as const)('without JavaScript, in %s', (language) => {
  it.each([
    '/',
    '/cookies',
    '/terms-and-conditions',
    '/privacy-policy',
    '/accessibility',
    '/status',
    '/check-a-clearance',
  ])('shows %s, with nothing for axe to find', async (path) => {
    await withoutJavaScript(async (page, context) => {
      await chooseLanguage(context, language);
      await page.goto(`${baseUrl()}${path}`);
      expect(await page.getAttribute('html', 'dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect((await page.locator('main h1').textContent())?.trim()).not.toBe('');
      expect(await page.title()).toContain(SERVICE[language]);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
    });
  });

  it('takes a page of the journey reached too early to its first question', async () => {
    await withoutJavaScript(async (page, context) => {
      await chooseLanguage(context, language);
      await page.goto(`${baseUrl()}/passport-details`);
      await page.waitForURL(`${baseUrl()}${FIRST_QUESTION}`);
      expect(await page.locator('input#sponsor-email').count()).toBe(1);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
    });
  });

  it('follows the language links', async () => {
    await withoutJavaScript(async (page) => {
      await page.goto(`${baseUrl()}/cookies`);
      await page.locator('.govuk-language-navigation a[lang="ar"]').click();
      await page.waitForURL(`${baseUrl()}/cookies`);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await page.locator('.govuk-footer a[href="/privacy-policy"]').click();
      expect(await page.getAttribute('html', 'lang')).toBe('ar');
    });
  });
});

/** The frame's parts that hydrate after the page, and the page's heading: each must be the server's element, kept. */
const KEPT_ELEMENTS = [
  'main h1',
  '.govuk-cookie-banner',
  '.govuk-header',
  '.govuk-service-navigation',
  '.govuk-phase-banner',
  '.govuk-language-navigation',
  '.govuk-footer',
];

/**
 * The whole page (the app's root) as HTML without comments, kept on `window.serverPage` as the
 * server sent it (before the app's script runs) with the elements of `selectors`, and made again by
 * `window.pageNow()`: React's server render marks runs of text and Suspense boundaries with
 * comments, which the browser's renderer may drop.
 */
const keepServerPage = (selectors: string[]) => {
  const html = () => {
    const root = document.getElementById('root')?.cloneNode(true);
    if (!(root instanceof Element)) return null;
    const comments = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
    const found: Node[] = [];
    while (comments.nextNode()) found.push(comments.currentNode);
    for (const comment of found) comment.parentNode?.removeChild(comment);
    return root.outerHTML;
  };
  const elements = () => selectors.map((selector) => document.querySelector(selector));
  Object.assign(window, { pageNow: html, elementsNow: elements });
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') {
      Object.assign(window, { serverElements: elements(), serverPage: html() });
    }
  });
};

describe('with JavaScript', () => {
  it.each([
    ['/', 'en'],
    ['/cookies', 'ar'],
    ['/accessibility', 'en'],
    ['/status', 'ar'],
    [FIRST_QUESTION, 'en'],
  ] as const)('hydrates the server’s HTML of %s (%s) without a mismatch', async (path, language) => {
    const { page, context } = test;
    await chooseLanguage(context, language);
    await page.addInitScript(keepServerPage, KEPT_ELEMENTS);
    // Ready once the app has taken the page over, the parts that hydrate later included (support/chromium.ts).
    await page.goto(`${baseUrl()}${path}`);
    const { kept, serverPage, pageNow } = await page.evaluate(() => {
      const server = window as unknown as {
        serverElements: (Element | null)[];
        serverPage: string;
        elementsNow(): (Element | null)[];
        pageNow(): string;
      };
      const now = server.elementsNow();
      return {
        kept: server.serverElements.map((element, i) => (element === null ? 'none' : element === now[i])),
        serverPage: server.serverPage,
        pageNow: server.pageNow(),
      };
    });
    // The server's elements were kept (hydrated, not drawn again), and the app drew what they show.
    expect(kept[0]).toBe(true);
    expect(kept).not.toContain(false);
    expect(pageNow).toBe(serverPage);
    expect(consoleMessages).toEqual([]);
  });

  it('hydrates in the language the server rendered, even where the page cannot read the cookie', async () => {
    const { page } = test;
    // Sent with the request, but not a cookie of the page: document.cookie does not hold it.
    await page.setExtraHTTPHeaders({ cookie: 'lang=ar' });
    await page.goto(`${baseUrl()}/`);
    expect(await page.evaluate(() => document.cookie)).not.toContain('lang=ar');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.locator('main h1').textContent()).toContain('التصريح');
    expect(consoleMessages).toEqual([]);
  });

  it('renders a page afresh from the answers the service keeps, without a mismatch', async () => {
    const { page, context } = test;
    await seedSession(context, singleComplete(), 'ar');
    await page.goto(`${baseUrl()}/check-your-answers`);
    await page.locator('.govuk-summary-list').first().waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(consoleMessages).toEqual([]);
  });
});

const consentOf = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'cookieConsent_analytics')?.value;

describe('cookie choices without JavaScript', () => {
  it.each(['en', 'ar'] as const)(
    'accepts analytics cookies from the banner, confirms, then hides (%s)',
    async (language) => {
      await withoutJavaScript(async (page, context) => {
        await chooseLanguage(context, language);
        await page.goto(`${baseUrl()}/terms-and-conditions`);
        await page.locator('.govuk-cookie-banner button[value="accept"]').click();
        await page.waitForURL(`${baseUrl()}/terms-and-conditions?cookie-choice=accepted`);
        expect(await consentOf(context)).toBe('true');
        const banner = page.locator('.govuk-cookie-banner');
        expect(await banner.locator('a[href="/cookies"]').count()).toBe(1);
        expect(await banner.locator('button[value="hide"]').count()).toBe(1);
        expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
        await banner.locator('button[value="hide"]').click();
        await page.waitForURL(`${baseUrl()}/terms-and-conditions`);
        expect(await page.locator('.govuk-cookie-banner').count()).toBe(0);
        expect(await page.getAttribute('html', 'lang')).toBe(language);
      });
    },
  );

  it('rejects analytics cookies from the banner', async () => {
    await withoutJavaScript(async (page, context) => {
      await page.goto(`${baseUrl()}/`);
      await page.locator('.govuk-cookie-banner button[value="reject"]').click();
      await page.waitForURL(`${baseUrl()}/?cookie-choice=rejected`);
      expect(await consentOf(context)).toBe('false');
      expect(await page.locator('.govuk-cookie-banner').textContent()).toContain('You’ve rejected analytics cookies');
    });
  });

  it.each(['en', 'ar'] as const)('saves the choice on the cookies page and says so (%s)', async (language) => {
    await withoutJavaScript(async (page, context) => {
      await chooseLanguage(context, language);
      await page.goto(`${baseUrl()}/cookies`);
      await page.locator('#cookies-analytics').check();
      await page.locator('main form button[type="submit"]').click();
      await page.waitForURL(`${baseUrl()}/cookies?cookie-choice=saved`);
      expect(await consentOf(context)).toBe('true');
      expect(await page.locator('.govuk-notification-banner--success').count()).toBe(1);
      expect(await page.locator('#cookies-analytics').isChecked()).toBe(true);
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
    });
  });
});

describe('a form sent from another site', () => {
  it.each([
    ['en', 'Your form could not be sent'],
    ['ar', 'تعذّر إرسال النموذج'],
  ] as const)('changes nothing, and is answered with a page saying what to do (%s)', async (language, heading) => {
    const { page, context } = test;
    await chooseLanguage(context, language);
    // The browser has visited the service, so it holds a form token of its own.
    await page.goto(`${baseUrl()}/`);
    const attacker = 'http://attacker.test/';
    await page.route(attacker, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${baseUrl()}/cookies">
          <input type="hidden" name="cookies-analytics" value="yes"><button>Claim</button></form>`,
      }),
    );
    await page.goto(attacker);
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.getByRole('button', { name: 'Claim' }).click(),
    ]);
    expect(response?.status()).toBe(403);
    expect(await page.locator('main h1').textContent()).toBe(heading);
    expect(await page.getAttribute('html', 'dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    expect(await page.locator('main a[href="/cookies"]').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await consentOf(context)).toBeUndefined();
    await page.goto(`${baseUrl()}/`);
    expect(await page.locator('.govuk-cookie-banner button[value="accept"]').count()).toBe(1);
  });
});
