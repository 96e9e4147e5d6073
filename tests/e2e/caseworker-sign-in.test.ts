// Signing in to the caseworker console in Chromium, through the service's local OpenID provider,
// with and without JavaScript: a colleague's link opened signed out leads back to its page, the
// console's cookie stays on the console's addresses, and a form sent from another site or in
// another encoding changes nothing and says so. axe on every page shown.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalIdentityProvider } from '../../src/server/console/local-identity-provider.ts';
import { freePort } from '../../src/server/test-support/child-process.ts';
import { newTestKeyPems } from '../../src/server/test-support/test-keys.ts';
import { startService, type RunningService } from './global-setup.ts';
import { useBrowser } from './support/browser.ts';
import { consoleSignIn, expectAxeClean } from './support/console.ts';

const test = useBrowser();
const { signInAtProvider } = consoleSignIn(test, () => service);
let service: RunningService;
// Another site: a page of its own origin, holding a form that posts to the console.
let otherSite: Server;
let otherOrigin: string;
let otherForm = '';

beforeAll(async () => {
  service = await startService({ manualReview: true, tokenKeys: newTestKeyPems() });
  otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Another site</title><main>${otherForm}</main></html>`);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${String((otherSite.address() as AddressInfo).port)}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => otherSite?.close(resolve));
  await service?.close();
});

describe.each([
  { javaScript: true, name: 'with JavaScript' },
  { javaScript: false, name: 'without JavaScript' },
])('signing in to the caseworker console, $name', ({ javaScript }) => {
  async function newPage(): Promise<Page> {
    const context = await test.browser.newContext({ javaScriptEnabled: javaScript });
    return context.newPage();
  }

  it('leads a colleague’s link, opened signed out, back to its page; the cookie stays on the console', async () => {
    const page = await newPage();
    const link = `${service.baseUrl}/caseworker/search?q=CWC-12345-67890-1`;
    await page.goto(link);
    expect(new URL(page.url()).origin).not.toBe(service.baseUrl);
    await signInAtProvider(page, 'caseworker');
    expect(page.url()).toBe(link);
    await page.locator('h1').first().waitFor();
    await expectAxeClean(page, !javaScript);

    const cookies = await page.context().cookies(service.baseUrl);
    const session = (await page.context().cookies(`${service.baseUrl}/caseworker`)).find(
      (c) => c.name === 'cwc-console',
    );
    expect(session).toMatchObject({ path: '/caseworker', httpOnly: true, sameSite: 'Lax' });
    // A public page's request does not carry it.
    expect(cookies.map((c) => c.name)).not.toContain('cwc-console');
    const publicRequest = page.waitForRequest((request) => request.url() === `${service.baseUrl}/`);
    await page.goto(`${service.baseUrl}/`);
    expect((await (await publicRequest).allHeaders()).cookie ?? '').not.toContain('cwc-console');
    await page.context().close();
  });

  it('changes nothing for a form sent from another site with the session’s token, and says so', async () => {
    const page = await newPage();
    await page.goto(`${service.baseUrl}/caseworker`);
    await signInAtProvider(page, 'caseworker');
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    otherForm = `<form method="post" action="${service.baseUrl}/caseworker/sign-out"><input type="hidden" name="csrf" value="${csrf}"><button>Send</button></form>`;
    await page.goto(otherOrigin);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`${service.baseUrl}/caseworker/sign-out`);
    expect(await page.locator('h1').textContent()).toContain('Sign out from the console’s own page');
    await expectAxeClean(page, !javaScript);
    // Still signed in.
    await page.goto(`${service.baseUrl}/caseworker`);
    expect(new URL(page.url()).pathname).toBe('/caseworker');
    await page.context().close();
  });

  it('answers a console form sent as a file upload with a 415 page, and changes nothing', async () => {
    const page = await newPage();
    await page.goto(`${service.baseUrl}/caseworker`);
    await signInAtProvider(page, 'caseworker');
    // The header's Sign out form, sent in another encoding than the console's.
    const answer = page.waitForResponse((response) => response.url().endsWith('/caseworker/sign-out'));
    if (javaScript) {
      await page.evaluate(() => {
        const form = document.querySelector<HTMLFormElement>('form[action="/caseworker/sign-out"]')!;
        form.enctype = 'multipart/form-data';
        form.submit();
      });
    } else {
      // Without JavaScript the page cannot change its own form: another page of the same origin sends it.
      await page.route(`${service.baseUrl}/__upload`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><form method="post" enctype="multipart/form-data" action="/caseworker/sign-out"><input name="csrf" value="x"><button>Send</button></form>`,
        }),
      );
      await page.goto(`${service.baseUrl}/__upload`);
      await page.getByRole('button', { name: 'Send' }).click();
    }
    expect((await answer).status()).toBe(415);
    await page.locator('h1', { hasText: 'The console takes only its own forms' }).waitFor();
    await expectAxeClean(page, !javaScript);
    await page.goto(`${service.baseUrl}/caseworker`);
    expect(new URL(page.url()).pathname).toBe('/caseworker');
    await page.context().close();
  });
});

describe('signing in to a console that its provider refuses', () => {
  it('says the sign-in service is at fault, not the account, with and without JavaScript', async () => {
    // A provider that takes the client's secret only in the form, and a console set for Basic.
    const port = await freePort();
    const provider = await startLocalIdentityProvider({
      port: 0,
      serviceBaseUrl: `http://127.0.0.1:${String(port)}`,
      tokenEndpointAuthMethod: 'client_secret_post',
    });
    const refused = await startService({
      manualReview: true,
      tokenKeys: newTestKeyPems(),
      port,
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_CLIENT_AUTH_METHOD: 'client_secret_basic',
      },
    });
    try {
      for (const javaScript of [true, false]) {
        const context = await test.browser.newContext({ javaScriptEnabled: javaScript });
        const page = await context.newPage();
        await page.goto(`${refused.baseUrl}/caseworker`);
        await page.fill('#username', 'caseworker');
        await page.fill('#password', 'caseworker-password');
        const answer = page.waitForResponse((response) => response.url().includes('/caseworker/auth/callback'));
        await page.getByRole('button', { name: 'Sign in' }).click();
        expect((await answer).status()).toBe(502);
        await page.locator('h1', { hasText: 'Sorry, staff sign-in is not working' }).waitFor();
        await expectAxeClean(page, !javaScript);
        await context.close();
      }
    } finally {
      await refused.close();
      await provider.close();
    }
  }, 120_000);
});
