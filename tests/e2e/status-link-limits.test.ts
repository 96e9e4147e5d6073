// Status links at a busy address (decision 043), with and without JavaScript: an emailed link opens
// at an address whose anonymous visitors have started every session it may start in the hour (an
// office, a library: one address for many people), and a link over the address's status budget is
// answered at an address without its token, saying so.
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, axeViolationsWithoutJavaScript, baseUrl, useBrowser } from './support/browser.ts';
import { signedStatusToken } from './support/status-links.ts';
import { newClientAddress } from './support/client-addresses.ts';

const test = useBrowser();
/** The default SESSION_RATE_LIMIT and STATUS_RATE_LIMIT the service runs with. */
const SESSIONS_AN_HOUR = 30;
const STATUS_CALLS_A_MINUTE = 60;

async function inContext<T>(
  address: string,
  javaScriptEnabled: boolean,
  run: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await test.browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

/** One anonymous first answer from `address`: a new session. */
async function firstAnswer(address: string): Promise<number> {
  const token = 'e'.repeat(43);
  const response = await fetch(`${baseUrl()}/your-contact-details`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `formToken=${token}`,
      'x-forwarded-for': address,
    },
    body: new URLSearchParams({ 'form-token': token, 'sponsor-email': 'someone@example.org' }).toString(),
  });
  return response.status;
}

describe('status links at a busy address', () => {
  it('open after the address’s anonymous visitors used up its sessions for the hour, with and without JavaScript', async () => {
    const address = newClientAddress();
    for (let visitor = 0; visitor < SESSIONS_AN_HOUR; visitor += 1) expect(await firstAnswer(address)).toBe(303);
    expect(await firstAnswer(address)).toBe(429);
    for (const javaScript of [false, true]) {
      await inContext(address, javaScript, async (context) => {
        const page = await context.newPage();
        const token = await signedStatusToken(`busy-${randomUUID()}`);
        const response = await page.goto(`${baseUrl()}/status?epat=${token}`);
        expect(response?.status()).toBe(200);
        // The address without the token, put there by the app, or by the page without JavaScript (decision 059).
        await page.waitForURL(`${baseUrl()}/status`);
        await page.locator('#sponsor-licence-number').waitFor();
        expect(await page.locator('main h1').textContent()).not.toContain('Too many');
      });
    }
  });

  it('are answered over the status budget at an address without the token, saying so, with and without JavaScript', async () => {
    const address = newClientAddress();
    const token = await signedStatusToken(`limited-${randomUUID()}`);
    for (let call = 0; call < STATUS_CALLS_A_MINUTE; call += 1) {
      const response = await fetch(`${baseUrl()}/status?epat=${token}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': address },
      });
      expect(response.status).toBe(200);
    }
    for (const javaScript of [false, true]) {
      await inContext(address, javaScript, async (context) => {
        const page = await context.newPage();
        const response = await page.goto(`${baseUrl()}/status?epat=${token}`);
        expect(response?.status()).toBe(429);
        expect(page.url()).not.toContain('epat');
        expect(page.url()).not.toContain(token.slice(0, 20));
        expect(new URL(page.url()).pathname).toBe('/status');
        expect(await page.locator('main h1').textContent()).toBe('Too many requests from your connection');
        expect(await page.content()).not.toContain(token);
        expect(await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page))).toEqual([]);
      });
    }
  });
});
