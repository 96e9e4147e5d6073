// Chromium for the browser tests: a browser per test worker, a context and page per test, and what they check with it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Language } from '../../../src/shared/i18n/languages.ts';
import { launchBrowser, moveToNewAddress } from './chromium.ts';
import { workerServices } from './services.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The address of the service started by the global setup. */
export const baseUrl = (): string => workerServices().manual.baseUrl;

// The test worker's own Chromium, started with its first file and ended with the worker (the
// browser project keeps its modules from file to file: isolate is off). In the worker, Playwright
// talks to it straight; a browser shared by the whole run would relay every call through Vitest's
// main process, which cost the run about 7 % more CPU.
let workerBrowser: Promise<Browser> | undefined;

/**
 * The worker's Chromium for one test file (or test): the contexts it opens are its own, and its
 * `close()` closes them and leaves the browser running for the next file.
 */
export async function openBrowser(): Promise<Browser> {
  const browser = await (workerBrowser ??= launchBrowser(inject('chromiumArgs')));
  const contexts = new Set<BrowserContext>();
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext')
        return async (options?: Parameters<Browser['newContext']>[0]) => {
          const context = await target.newContext(options);
          contexts.add(context);
          context.once('close', () => contexts.delete(context));
          return context;
        };
      if (key === 'close') return async () => Promise.all([...contexts].map((context) => context.close()));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Chooses the language of the service for a context, as the language links do: in the `lang` cookie. */
export async function chooseLanguage(context: BrowserContext, language: Language): Promise<void> {
  await context.addCookies([{ name: 'lang', value: language, url: baseUrl() }]);
}

/**
 * Makes `context` a visitor the service has not met: no cookies (so no session, form token or
 * choices), and an address of its own (so budgets of its own). Its pages that follow share the
 * context's cache, where the service's scripts, styles and fonts are loaded once, where a context
 * of their own would load them afresh for each visitor.
 */
export async function becomeNewVisitor(context: BrowserContext): Promise<void> {
  await context.clearCookies();
  await moveToNewAddress(context);
}

/** The browser, and a fresh context and page for each test of the file that calls this. */
export interface TestBrowser {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/** How a file's tests are given their context and page. */
export interface BrowserUse {
  /**
   * One context and one tab for the whole file, each test a new visitor in them (cookies cleared,
   * an address of its own, the tab's routes gone): a first page in a new tab costs Chromium about
   * a quarter of a second of CPU more than in a tab that has shown the service (a new renderer, its
   * caches cold). For files whose tests change nothing else of the context or the tab.
   */
  readonly oneTab?: boolean;
}

/**
 * Connects to the run's Chromium once for a test file and gives each test a new context (no cookies or
 * storage from the test before) and page, or a new visitor in the file's one tab (`oneTab`);
 * `prepare` runs on each new context or visitor first.
 */
export function useBrowser(prepare?: (context: BrowserContext) => Promise<void>, use: BrowserUse = {}): TestBrowser {
  const state: { browser?: Browser; context?: BrowserContext; page?: Page } = {};
  beforeAll(async () => {
    state.browser = await openBrowser();
  });
  afterAll(async () => {
    if (use.oneTab === true) await state.context?.close();
    await state.browser?.close();
  });
  beforeEach(async () => {
    if (use.oneTab === true && state.context !== undefined) {
      await becomeNewVisitor(state.context);
      await state.page!.unrouteAll();
      await prepare?.(state.context);
      return;
    }
    state.context = await state.browser!.newContext();
    await prepare?.(state.context);
    state.page = await state.context.newPage();
  });
  afterEach(async () => {
    if (use.oneTab !== true) await state.context?.close();
  });
  return {
    get browser() {
      return state.browser!;
    },
    get context() {
      return state.context!;
    },
    get page() {
      return state.page!;
    },
  };
}

/** One axe-core violation, reduced to what a failing test should print. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page with the WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's best
 * practices: those hold the landmark, heading-order and page-has-heading-one rules a service
 * assessment checks, which no WCAG tag carries.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools, not as a <script>, so the page's CSP (no inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      // Only the violations are read: axe then keeps no details of the checks that passed.
      resultTypes: ['violations'],
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/**
 * axe-core's findings on a page opened with JavaScript off. Such a page runs no timer, so axe
 * cannot run in it: it runs on a copy of the page as that browser shows it, written into a page at
 * the same origin with JavaScript on, in which the `<noscript>` content is shown as the browser
 * without JavaScript shows it and the app's scripts are left out.
 */
export async function axeViolationsWithoutJavaScript(page: Page): Promise<AxeViolation[]> {
  const shown = (await page.content())
    .replace(/<script\b[^>]*\bsrc=[^>]*><\/script>/g, '')
    .replace(/<noscript><meta http-equiv="refresh"[^>]*><\/noscript>/g, '')
    .replace(/<(\/?)noscript>/g, '<$1div>');
  const copy = await copyPageOf(page.context().browser()!, new URL(page.url()).origin);
  // Written into the page (document.open and write), which keeps its window, and with it axe-core
  // loaded and compiled from the check before: loading axe into a fresh page costs more than a run.
  await copy.setContent(shown, { waitUntil: 'load' });
  return axeViolations(copy);
}

// One page per browser and origin holds the copies, at an address of the origin the service's
// relative links and stylesheets resolve against. Its context has no cookies: the HTML is given.
const copyPages = new WeakMap<Browser, Map<string, Promise<Page>>>();
function copyPageOf(browser: Browser, origin: string): Promise<Page> {
  const pages = copyPages.get(browser) ?? new Map<string, Promise<Page>>();
  copyPages.set(browser, pages);
  let copy = pages.get(origin);
  if (copy === undefined) {
    copy = (async () => {
      const opened = await (await browser.newContext()).newPage();
      const blank = `${origin}/__axe-copy`;
      await opened.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
      await opened.goto(blank);
      return opened;
    })();
    pages.set(origin, copy);
  }
  return copy;
}

/** How many banner, main and contentinfo landmarks the page has, by their computed ARIA roles. */
export async function landmarkCounts(page: Page): Promise<{ banner: number; main: number; contentinfo: number }> {
  // getByRole follows the ARIA rules, so a <header> inside <main> or <section> is not counted as a banner.
  const [banner, main, contentinfo] = await Promise.all(
    (['banner', 'main', 'contentinfo'] as const).map((role) => page.getByRole(role).count()),
  );
  return { banner: banner!, main: main!, contentinfo: contentinfo! };
}

/**
 * Watches for the next error summary to enter the page and returns the page's title at that
 * moment (the first microtask after the change). A screen reader hears the title with the focused
 * summary, so the "Error: " prefix must come in the same update as the summary, not a frame later.
 * A page already showing a summary is asked for its title now.
 */
export async function titleWhenErrorSummaryAppears(page: Page): Promise<() => Promise<string>> {
  const name = `titleAtErrorSummary${Math.random().toString(36).slice(2)}`;
  await page.evaluate((name) => {
    const store = window as unknown as Record<string, string>;
    if (document.querySelector('.govuk-error-summary')) {
      store[name] = document.title;
      return;
    }
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.govuk-error-summary')) return;
      store[name] = document.title;
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }, name);
  return async () => {
    const handle = await page.waitForFunction((name) => (window as unknown as Record<string, string>)[name], name);
    return (await handle.jsonValue()) as string;
  };
}

/** What every page of the service has: one banner (header), one main and one contentinfo (footer). */
export const ONE_OF_EACH_LANDMARK = { banner: 1, main: 1, contentinfo: 1 } as const;

/**
 * The bytes of a download, streamed from the browser (which keeps it in a folder of its own until
 * its context closes).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
