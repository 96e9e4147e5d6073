// The status link's token (?epat=) leaves the address bar and the tab's history as soon as the
// status page has read it, and goes to nothing but the status calls' bodies: not to analytics (with
// analytics accepted), not in any address, Referer or other request. The status call is answered
// here with a fixed submission, because what is tested is the browser's side; the real status call
// is in status.test.ts.
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedStatusToken } from './support/status-links.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

// Links signed with the service's key: the server shows a broken link's page at once.
let TOKEN = '';
let NEW_TOKEN = '';
/** The token's signature, which must be found nowhere it should not be. */
let SIGNATURE = '';
beforeAll(async () => {
  TOKEN = await signedStatusToken('token-test');
  NEW_TOKEN = await signedStatusToken('new-link');
  SIGNATURE = TOKEN.split('.')[2]!;
});
const secret = () => new RegExp(`epat|${SIGNATURE}`);

const item = (index: number, status: string) => ({
  applicantId: `CWC-7K3M9-QF2XA-${index}`,
  cosReference: `COS${index}`,
  familyName: `Family${index}`,
  givenNames: 'Given',
  status,
  decisionReason: status === 'rejected' ? 'routing' : null,
  passportNumber: '•••123',
  nationality: 'USA',
  dateOfArrival: '2026-07-12',
  firstWorkDate: '2026-07-13',
  lastWorkDate: '2026-08-01',
  leaveDate: '2026-08-15',
  submittedAt: '2026-07-01T12:05:00.000Z',
});

let requests: Request[] = [];
const statusBodies: string[] = [];
const test = useBrowser(async (context) => {
  requests = [];
  statusBodies.length = 0;
  await context.addCookies([{ name: 'cookieConsent_analytics', value: 'true', url: baseUrl() }]);
  // The analytics script is served locally in tests; what matters is what is asked of it.
  await context.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await context.route('**/api/public/publicStatus', async (route) => {
    statusBodies.push(route.request().postData() ?? '');
    await route.fulfill({
      json: { items: [item(0, 'approved'), item(1, 'rejected')], sponsorName: 'Sponsor', sponsorReference: 'LIC1' },
    });
  });
});

/** Every request but the opening of the status link itself, with its headers. */
async function requestsAfterTheLink(): Promise<Array<{ url: string; body: string; headers: string }>> {
  const after = requests.filter((r) => !(r.isNavigationRequest() && r.url().includes('?epat=')));
  return Promise.all(
    after.map(async (r) => ({ url: r.url(), body: r.postData() ?? '', headers: JSON.stringify(await r.allHeaders()) })),
  );
}

const href = () => test.page.evaluate(() => location.href);

describe('the status link token', () => {
  it(
    'leaves the address and the history once read, and goes nowhere but the status call',
    { timeout: 60_000 },
    async () => {
      const { page } = test;
      page.on('request', (request) => requests.push(request));
      await page.goto(`${baseUrl()}/cookies`);
      await page.locator('main h1').waitFor();
      // Answered at once (decision 059): no redirect, the address replaced by the app.
      const opened = await page.goto(`${baseUrl()}/status?epat=${TOKEN}&lang=en`);
      expect(opened?.status()).toBe(200);
      expect(opened?.request().redirectedFrom()).toBeNull();
      await page.locator('h1', { hasText: 'Check the status of your applications' }).waitFor();
      expect(await href()).toBe(`${baseUrl()}/status`);

      await page.fill('#sponsor-licence-number', 'LIC1');
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.locator('table').waitFor();
      expect(JSON.parse(statusBodies.at(-1) ?? '{}')).toMatchObject({ publicAccessTokenJWT: TOKEN });
      expect(await page.locator('a[href*="epat"]').count()).toBe(0);

      await page
        .locator('tbody tr')
        .nth(0)
        .getByRole('link', { name: /View application/ })
        .click();
      await page.waitForURL(`${baseUrl()}/status/0`);
      await page.locator('h1', { hasText: 'Given Family0' }).waitFor();
      await page.getByRole('link', { name: 'Back to all applications' }).click();
      await page.waitForURL(`${baseUrl()}/status`);
      await page
        .locator('tbody tr')
        .nth(1)
        .getByRole('link', { name: /View guidance/ })
        .click();
      await page.waitForURL(`${baseUrl()}/status/1`);
      await page.locator('h1', { hasText: 'Given Family1' }).waitFor();

      // Every entry of the tab's history, walked back and forward again.
      const entries = await page.evaluate(() => history.length);
      const visited = [await href()];
      for (let step = 1; step < entries; step += 1) {
        await page.goBack();
        visited.push(await href());
      }
      for (let step = 1; step < entries; step += 1) {
        await page.goForward();
        visited.push(await href());
      }
      expect(visited.filter((url) => url.startsWith(baseUrl())).length).toBeGreaterThanOrEqual(5);
      for (const url of visited) expect(url).not.toContain('epat');
      expect(visited).toContain(`${baseUrl()}/cookies`);

      // Reloaded, the page still has the token: the tab kept it.
      await page.reload();
      await page.locator('h1', { hasText: 'Check the status of your applications' }).waitFor();
      expect(await href()).toBe(`${baseUrl()}/status/1`);

      const dataLayer = await page.evaluate(() =>
        JSON.stringify((window as { dataLayer?: unknown[] }).dataLayer ?? null),
      );
      expect(dataLayer).toContain('page_view');
      expect(dataLayer).not.toMatch(secret());
      const sent = await requestsAfterTheLink();
      expect(sent.some((r) => /googletagmanager/.test(r.url))).toBe(true);
      for (const request of sent) {
        expect(request.url).not.toMatch(secret());
        expect(request.headers).not.toMatch(secret());
        expect(request.body).not.toContain('epat');
        // The status call's body is the only place the token goes.
        if (!request.url.endsWith('/api/public/publicStatus')) expect(request.body).not.toContain(SIGNATURE);
      }
    },
  );

  it('takes a new link in place of the one kept', { timeout: 60_000 }, async () => {
    const { page } = test;
    await page.goto(`${baseUrl()}/status?epat=${TOKEN}`);
    await page.locator('#sponsor-licence-number').waitFor();
    await page.goto(`${baseUrl()}/status/1?epat=${NEW_TOKEN}`);
    await page.locator('#sponsor-licence-number').waitFor();
    expect(await href()).toBe(`${baseUrl()}/status/1`);
    await page.fill('#sponsor-licence-number', 'LIC1');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.locator('h1', { hasText: 'Given Family1' }).waitFor();
    expect(JSON.parse(statusBodies.at(-1) ?? '{}')).toMatchObject({ publicAccessTokenJWT: NEW_TOKEN });
  });
});
