// The system's Chromium (no browser download here), for the browser tests and `npm run bench:nav`.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { newClientAddress } from './client-addresses.ts';

// The server sends each page as HTML, which the app then takes over (hydrates); until it has, the
// page shows but does not behave (a button of the app does nothing). A page loaded with JavaScript
// on is therefore ready once the app says so on <html> (main.tsx), and is not waiting for the
// server's answer to a move (Back and Forward change the address first, page-router.tsx); a page
// without the app's script is ready when loaded (at the address it sends the browser on to, if any).
const APP_READY = () =>
  document.querySelector('script[type="module"][src]') === null ||
  (document.documentElement.hasAttribute('data-app-ready') &&
    !document.documentElement.hasAttribute('data-page-loading'));

// A page the server answered at another address than its own (a status link's, decision 059)
// sends a browser without JavaScript there at once, with `<meta http-equiv="refresh" content="0;
// url=…">`: such a page is ready at that address.
async function followRefresh(page: Page): Promise<void> {
  const refresh = await page
    .evaluate(() => document.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content') ?? null)
    .catch(() => 'gone');
  if (refresh === null) return;
  const to = /^0;\s*url=(.+)$/.exec(refresh)?.[1];
  if (to === undefined) await page.waitForLoadState('load');
  else await page.waitForURL(new URL(to, page.url()).href);
}

const patched = new WeakSet<Page>();

/** Makes the page's own navigations (goto, reload, back, forward) end once the page is ready (`ready`). */
function waitOnLoad(page: Page, ready: (page: Page) => Promise<unknown>): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await ready(page);
        return response;
      },
    });
  }
  return page;
}

function withReadyPages(context: BrowserContext, javaScriptEnabled: boolean): BrowserContext {
  const ready = javaScriptEnabled ? (page: Page) => page.waitForFunction(APP_READY) : followRefresh;
  context.on('page', (page) => waitOnLoad(page, ready));
  const newPage = context.newPage.bind(context);
  return Object.assign(context, { newPage: async () => waitOnLoad(await newPage(), ready) });
}

// Chromium's headless shell (Debian's chromium-headless-shell: the same release and engine as
// chromium, without the desktop browser's windowing) where installed, as Playwright runs headless
// tests itself: it opens contexts and pages in a fraction of the full browser's time and CPU.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** How headless Chromium starts on this machine (its flags: no network beyond loopback). */
const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * Headless Chromium started here, with `args` beyond its usual flags; each of its contexts is a
 * visitor with an address of its own, and its pages' navigations end once the page is ready.
 */
export async function launchBrowser(args: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, ...args] });
  const newContext = browser.newContext.bind(browser);
  return Object.assign(browser, {
    newContext: async (options?: Parameters<Browser['newContext']>[0]) =>
      withReadyPages(
        await newContext({
          ...options,
          extraHTTPHeaders: { 'x-forwarded-for': newClientAddress(), ...options?.extraHTTPHeaders },
        }),
        options?.javaScriptEnabled ?? true,
      ),
  });
}

/**
 * Gives the context a new address of its own from now on (its cookies, and so its session, stay):
 * for a test that fills in more forms in a minute than a person could, which would spend the
 * address's budget of forms (FORM_RATE_LIMIT a minute, decision 026).
 */
export async function moveToNewAddress(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': newClientAddress() });
}
