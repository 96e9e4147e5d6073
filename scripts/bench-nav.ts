// npm run bench:nav: how quickly the SPA goes from one page of the journey to the next, and how
// much the layout shifts, in Chromium against the built service (run `npm run build` first; this
// script builds nothing). It starts `dist/server/main.js` on a free port with a temporary
// DATA_DIR, as the browser tests do, and prints:
//   - per transition of the single journey, the milliseconds from the click on Continue (or
//     Start now, or the send button) to the next page's first input being visible (its h1 on a
//     page without inputs), twice: first visit (the page's code may still load) and a second
//     journey in the same tab (every page's code loaded);
//   - the cumulative layout shift (CLS) per page, and the largest single shift of the run, from
//     `layout-shift` entries without recent input: of fresh loads of a few pages (with 150 ms of
//     network latency, so the spinner shows as it does on a real network), and of the journey.
// Figures only: nothing fails on time. Options (environment): CHROMIUM_PATH.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/chromium.ts';
import {
  SPONSOR,
  chooseNationality,
  choosePlaceOfDeparture,
  defaultTravel,
  defaultWorkDates,
  fillDate,
  monthsFromToday,
  worker,
} from '../tests/e2e/support/journey.ts';
import { startBuiltService } from './built-service.ts';

// Runs in the page before its own scripts: collects layout shifts with the path they happened on.
const COLLECT_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shifts.push({ path: location.pathname, value: entry.value });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Shift {
  path: string;
  value: number;
}

async function shiftsOf(page: Page): Promise<Shift[]> {
  // Layout-shift entries reach the observer after the frame they happened in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts.splice(0));
}

/** A transition: milliseconds from the click to the next page, and whether the spinner showed on the way. */
interface Timed {
  ms: number;
  spinner: boolean;
}

/**
 * Clicks `click` and gives the milliseconds, measured in the page, from the click to the first
 * moment the page at `path` shows a visible input (its main h1 when it has none) and no spinner.
 */
async function timedTransition(page: Page, path: string, click: () => Promise<void>): Promise<Timed> {
  // Plain JavaScript: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const target = ${JSON.stringify(path)};
    window.__arrived = new Promise((resolve) => {
      let start;
      let spinner = false;
      document.addEventListener('click', () => { start = performance.now(); }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (start === undefined || location.pathname !== target) return;
        if (document.querySelector('[data-testid="page-spinner"]') !== null) { spinner = true; return; }
        const main = document.querySelector('main');
        const shown = main && (main.querySelector('input:not([type="hidden"]), select, textarea') || main.querySelector('h1'));
        if (!shown || !shown.checkVisibility()) return;
        observer.disconnect();
        resolve({ ms: performance.now() - start, spinner });
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  })()`);
  await click();
  return page.evaluate(() => (window as unknown as { __arrived: Promise<Timed> }).__arrived);
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** One single application from the start page to /complete and back to the start page; the time of each transition. */
async function journey(page: Page, baseUrl: string, fresh: boolean): Promise<Map<string, Timed>> {
  const times = new Map<string, Timed>();
  const answers = worker('Ní Bhraonáin');
  const travel = defaultTravel();
  const dates = defaultWorkDates();
  const step = async (to: string, click: () => Promise<void>) => {
    const from = new URL(page.url()).pathname;
    times.set(`${from} → ${to}`, await timedTransition(page, to, click));
  };
  const next = (to: string) => step(to, () => continueButton(page).click());

  if (fresh) await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Start now' }).waitFor();
  await step('/your-contact-details', () => page.getByRole('button', { name: 'Start now' }).click());
  await page.fill('#sponsor-email', SPONSOR.email);
  await next('/sponsor-details');
  await page.fill('#sponsor-name', SPONSOR.name);
  await page.fill('#sponsor-reference', SPONSOR.reference);
  await next('/what-would-you-like-to-do');
  await page.check('input[name="what-would-you-like-to-do"][value="single-application"]');
  await next('/passenger-name');
  await page.fill('#family-name', answers.familyName);
  await page.fill('#given-name', answers.givenNames);
  await next('/passenger-date-of-birth');
  await fillDate(page, 'date-of-birth', answers.dateOfBirth);
  await next('/nationality');
  await chooseNationality(page, answers.nationality);
  await next('/passport-details');
  await page.fill('#passport-number', answers.passportNumber);
  await fillDate(page, 'passport-issue-date', monthsFromToday(-24));
  await fillDate(page, 'passport-expiry-date', monthsFromToday(96));
  await next('/cos-reference');
  await page.fill('#cos-reference', answers.cosReference);
  await next('/travel-details');
  await choosePlaceOfDeparture(page, travel.departure);
  await fillDate(page, 'date-of-arrival', travel.arrival);
  await page.check('input[name="method-of-arrival"][value="plane"]');
  await page.fill('#carrier', travel.carrier ?? '');
  await page.fill('#flight-number', travel.flightNumber ?? '');
  await page.fill('#port-of-arrival', travel.portOfArrival);
  await next('/work-dates');
  await fillDate(page, 'first-work-date', dates.first);
  await fillDate(page, 'last-work-date', dates.last);
  await next('/check-your-answers');
  await step('/complete', () => page.getByRole('button', { name: 'Confirm details and send the application' }).click());
  await step('/', () => page.getByRole('button', { name: 'Finish' }).click());
  return times;
}

const CLS_PAGES = [
  '/',
  '/cookies',
  '/accessibility',
  '/terms-and-conditions',
  '/privacy-policy',
  '/your-contact-details',
];

function clsByPage(shifts: Shift[]): Map<string, number> {
  const cls = new Map<string, number>();
  for (const shift of shifts) cls.set(shift.path, (cls.get(shift.path) ?? 0) + shift.value);
  return cls;
}

async function freshLoadShifts(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<Shift[]> {
  const shifts: Shift[] = [];
  for (const path of CLS_PAGES) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(COLLECT_SHIFTS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="page-spinner"]') === null && document.querySelector('main h1') !== null,
    );
    await page.waitForTimeout(300);
    // A fresh load may redirect (a journey page without answers leads to the start): counted under the asked path.
    shifts.push(...(await shiftsOf(page)).map((s) => ({ ...s, path })));
    await context.close();
  }
  return shifts;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '-' : n.toFixed(digits));

async function main(): Promise<void> {
  const service = await startBuiltService();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(COLLECT_SHIFTS);
    const page = await context.newPage();
    const first = await journey(page, service.baseUrl, true);
    const journeyShifts = await shiftsOf(page);
    const second = await journey(page, service.baseUrl, false);
    journeyShifts.push(...(await shiftsOf(page)));
    await context.close();

    console.log("\nTransition (ms from the click to the next page's first input visible; h1 where it has none)");
    console.log('(* the loading spinner showed on the way)');
    console.log(`  ${'transition'.padEnd(58)} ${'first'.padStart(7)} ${'loaded'.padStart(7)}`);
    const cell = (t: Timed | undefined) => `${fmt(t?.ms)}${t?.spinner ? '*' : ' '}`.padStart(7);
    for (const [name, timed] of first) console.log(`  ${name.padEnd(58)} ${cell(timed)} ${cell(second.get(name))}`);
    const warm = [...second].filter(([name]) => !name.endsWith('→ /complete')).map(([, timed]) => timed.ms);
    console.log(
      `  slowest with the code loaded (excluding the submission): ${fmt(Math.max(...warm))} ms (target < 100)`,
    );

    const desktop = await freshLoadShifts(browser, service.baseUrl, { width: 1280, height: 800 });
    const mobile = await freshLoadShifts(browser, service.baseUrl, { width: 412, height: 823 });
    const desktopCls = clsByPage(desktop);
    const mobileCls = clsByPage(mobile);
    console.log('\nCLS of a fresh load (150 ms latency), layout shifts without recent input');
    console.log(`  ${'page'.padEnd(30)} ${'1280x800'.padStart(9)} ${'412x823'.padStart(9)}`);
    for (const path of CLS_PAGES)
      console.log(
        `  ${path.padEnd(30)} ${fmt(desktopCls.get(path) ?? 0, 3).padStart(9)} ${fmt(mobileCls.get(path) ?? 0, 3).padStart(9)}`,
      );
    const journeyCls = clsByPage(journeyShifts);
    console.log(
      '\nCLS during the journey (two passes), per page; shifts right after a click are not counted by the browser',
    );
    if (journeyCls.size === 0) console.log('  no layout shift on any page');
    for (const [path, value] of journeyCls) console.log(`  ${path.padEnd(30)} ${fmt(value, 3).padStart(9)}`);
    const all = [...desktop, ...mobile, ...journeyShifts];
    const largest = all.reduce<Shift | undefined>(
      (max, s) => (max === undefined || s.value > max.value ? s : max),
      undefined,
    );
    const worstPage = Math.max(0, ...desktopCls.values(), ...mobileCls.values(), ...journeyCls.values());
    console.log(
      `\nLargest single layout shift of the run: ${largest === undefined ? 'none' : `${fmt(largest.value, 3)} on ${largest.path}`}`,
    );
    console.log(`Highest CLS of any page: ${fmt(worstPage, 3)} (target < 0.05)`);
  } finally {
    await browser.close();
    await service.stop();
  }
}

await main();
