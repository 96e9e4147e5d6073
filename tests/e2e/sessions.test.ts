// The server's sessions in Chromium, as a sponsor with two tabs and a hostile site would try them
// (decision 026): a Send pressed on a page whose answers changed in another tab sends nothing and
// shows check your answers again with a notice; Sends pressed at the same moment in three tabs
// store one submission; and another site's forms, however many, change nothing in the service
// and nothing in the victim's browser, its cookies included.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsWithoutJavaScript, baseUrl, chooseLanguage, useBrowser } from './support/browser.ts';
import { rowsOf } from './support/database.ts';
import { worker } from './support/journey.ts';
import {
  answerSingleApplicationWithoutJavaScript,
  answerSponsorWithoutJavaScript,
  button,
  CONTINUE,
  pathOf,
  send,
} from './support/no-javascript.ts';
import { workerServices } from './support/services.ts';
import { newClientAddress } from './support/client-addresses.ts';

const test = useBrowser();
const databaseUrl = workerServices().manual.databaseUrl;

async function withoutJavaScript<T>(run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await test.browser.newContext({ javaScriptEnabled: false });
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

describe.each(['en', 'ar'] as const)('two tabs of one browser without JavaScript, in %s', (language) => {
  it('sends nothing under the sponsor of the other tab: check your answers again, with a notice', async () => {
    const first = { email: `tab-a-${language}@example-theatre.co.uk`, name: 'Tab A Theatre', reference: 'TABA12345' };
    const second = { email: `tab-b-${language}@example-arts.co.uk`, name: 'Tab B Arts', reference: 'TABB12345' };
    await withoutJavaScript(async (context) => {
      await chooseLanguage(context, language);
      const tabA = await context.newPage();
      const applicant = worker('Twotabs', { cosReference: `C2G8K5TABS${language === 'en' ? 1 : 2}Q` });
      await answerSingleApplicationWithoutJavaScript(tabA, first, applicant);
      await expect(tabA.locator('main').textContent()).resolves.toContain(first.email);

      // Tab B starts again and gives another sponsor; tab A is not reloaded.
      const tabB = await context.newPage();
      await answerSponsorWithoutJavaScript(tabB, second);

      await send(tabA, button('send'));
      expect(pathOf(tabA)).toBe('/check-your-answers');
      await expect(tabA.locator('.govuk-notification-banner').textContent()).resolves.toContain(
        language === 'en'
          ? 'Your answers changed in another window. Check them and send again.'
          : 'تغيّرت إجاباتك في نافذة أخرى. تحقّق منها ثم أرسلها مرة أخرى.',
      );
      // The page shows the answers as they are now, for the sponsor to check and send.
      await expect(tabA.locator('main').textContent()).resolves.toContain(second.email);
      expect(await axeViolationsWithoutJavaScript(tabA)).toEqual([]);
      if (databaseUrl !== '') {
        const stored = await rowsOf('SELECT 1 FROM submissions WHERE sponsor_email = ANY($1)', [
          [first.email, second.email],
        ]);
        expect(stored).toEqual([]);
      }
    });
  });
});

describe.each(['en', 'ar'] as const)('the pages saying why a form was not kept, in %s', (language) => {
  it('have nothing for axe to find: an answer too long, too many visits from one connection', async () => {
    // A connection of its own, from which the test starts every session it may in the hour.
    const address = newClientAddress();
    const context = await test.browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    try {
      await chooseLanguage(context, language);
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/your-contact-details`);
      await page.fill('#sponsor-email', 'x'.repeat(20_000));
      await send(page, CONTINUE);
      expect(await page.locator('main h1').textContent()).toBe(
        language === 'en' ? 'Your answer is too long' : 'إجابتك طويلة جدًا',
      );
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);

      const token = 'd'.repeat(43);
      for (let started = 0; started < 30; started += 1) {
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
        expect(response.status).toBe(303);
      }
      await page.goto(`${baseUrl()}/your-contact-details`);
      await page.fill('#sponsor-email', 'bookings@example-theatre.co.uk');
      await send(page, CONTINUE);
      expect(await page.locator('main h1').textContent()).toBe(
        language === 'en' ? 'Too many visits from your connection' : 'عدد كبير جدًا من الزيارات من اتصالك',
      );
      expect(await axeViolationsWithoutJavaScript(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('Exit to GOV.UK', () => {
  it('leaves no answer behind, with or without JavaScript', async () => {
    const sponsor = { email: 'exit@example-theatre.co.uk', name: 'Exit Theatre', reference: 'EXIT12345' };
    for (const javaScriptEnabled of [false, true]) {
      const context = await test.browser.newContext({ javaScriptEnabled });
      try {
        const page = await context.newPage();
        if (javaScriptEnabled) {
          await page.goto(`${baseUrl()}/your-contact-details`);
          await page.fill('#sponsor-email', sponsor.email);
          await page.getByRole('button', { name: 'Continue' }).click();
          await page.waitForURL((url) => url.pathname === '/sponsor-details');
        } else {
          await answerSponsorWithoutJavaScript(page, sponsor);
        }
        // With answers not yet sent, Exit asks first; its warning button exits.
        await page.locator('header button', { hasText: 'Exit to GOV.UK' }).click();
        await page.waitForURL((url) => url.pathname === '/exit');
        const [exited] = await Promise.all([
          page.waitForRequest('https://www.gov.uk/'),
          page.getByRole('button', { name: 'Exit and delete my answers' }).click(),
        ]);
        // The form was posted to the service, which sent the browser on to GOV.UK.
        expect(exited.redirectedFrom()?.method()).toBe('POST');
        await page.waitForURL('https://www.gov.uk/');
        expect((await context.cookies(baseUrl())).map((cookie) => cookie.name)).not.toContain('formSession');
        await page.goto(`${baseUrl()}/your-contact-details`);
        expect(await page.inputValue('#sponsor-email'), `JavaScript ${javaScriptEnabled}`).toBe('');
      } finally {
        await context.close();
      }
    }
  });
});

describe.skipIf(databaseUrl === '')('three Sends at the same moment without JavaScript', () => {
  it('store one submission', async () => {
    const sponsor = { email: 'three-tabs@example-theatre.co.uk', name: 'Three Tabs Ltd', reference: 'THRE12345' };
    const applicant = worker('Threetabs', { cosReference: 'C2G8K5THREQ' });
    await withoutJavaScript(async (context) => {
      const first = await context.newPage();
      await answerSingleApplicationWithoutJavaScript(first, sponsor, applicant);
      const tabs = [first, await context.newPage(), await context.newPage()];
      for (const tab of tabs.slice(1)) await tab.goto(`${baseUrl()}/check-your-answers`);
      await Promise.all(tabs.map((tab) => send(tab, button('send'))));
      for (const tab of tabs) expect(pathOf(tab)).toBe('/complete');
    });
    const stored = await rowsOf<{ n: number }>(
      `SELECT count(DISTINCT s.id)::int AS n FROM submissions s JOIN applications a ON a.submission_id = s.id
       WHERE a.cos_reference = $1`,
      [applicant.cosReference],
    );
    expect(stored).toEqual([{ n: 1 }]);
  });
});

describe('forms sent from another site', () => {
  let attacker: Server;
  let attackerUrl: string;

  beforeAll(async () => {
    // Another site (localhost is another site than 127.0.0.1): its page sends 70 forms to the
    // service in the background, then one of its own with an email of its choosing and a junk
    // token, in the victim's browser.
    const target = `${baseUrl()}/your-contact-details`;
    const page = `<!doctype html><html lang="en"><title>Win a prize</title><body>
      <form id="attack" method="post" action="${target}">
        <input name="sponsor-email" value="attacker@example.net"><input name="form-token" value="junk">
      </form>
      <script>
        const body = () => new URLSearchParams({ 'sponsor-email': 'attacker@example.net', 'form-token': 'junk' });
        Promise.all(Array.from({ length: 70 }, () =>
          fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', body: body() }).catch(() => undefined),
        )).then(() => document.getElementById('attack').submit());
      </script></body></html>`;
    attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => attacker.close(resolve));
  });

  it('change nothing, not even through the "Too many forms" page, and leave the victim’s cookies as they were', async () => {
    const { context, page } = test;
    // The victim has a session on the server: an answer sent without JavaScript.
    await page.goto(`${baseUrl()}/cookies`);
    const token = (await context.cookies(baseUrl())).find((cookie) => cookie.name === 'formToken')!.value;
    const answered = await context.request.post(`${baseUrl()}/your-contact-details`, {
      form: { 'form-token': token, 'sponsor-email': 'victim@example-theatre.co.uk' },
      headers: { origin: 'null' },
      maxRedirects: 0,
    });
    expect(answered.status()).toBe(303);
    const cookiesBefore = await context.cookies(baseUrl());
    expect(cookiesBefore.map((cookie) => cookie.name).sort()).toEqual(['formSession', 'formToken']);
    const sessionsBefore =
      databaseUrl === '' ? [] : await rowsOf<{ n: number }>('SELECT count(*)::int AS n FROM form_sessions');

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${baseUrl()}/your-contact-details` && r.request().method() === 'POST'),
      page.goto(attackerUrl),
    ]);
    await page.waitForURL((url) => url.origin === baseUrl());
    expect(response.status()).toBe(403);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Your form could not be sent');
    // Nothing to send again, no token handed out, no cookie changed.
    expect(await page.locator('main form input[name="sponsor-email"]').count()).toBe(0);
    expect(await response.headerValue('set-cookie')).toBeNull();
    expect(await context.cookies(baseUrl())).toEqual(cookiesBefore);

    // The victim's session keeps the victim's answer, and the victim's forms are still taken.
    const kept = await context.request.get(`${baseUrl()}/your-contact-details`);
    expect(await kept.text()).toContain('victim@example-theatre.co.uk');
    expect(await kept.text()).not.toContain('attacker@example.net');
    const again = await context.request.post(`${baseUrl()}/your-contact-details`, {
      form: { 'form-token': token, 'sponsor-email': 'victim@example-theatre.co.uk' },
      headers: { origin: 'null' },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    if (databaseUrl !== '')
      expect(await rowsOf('SELECT count(*)::int AS n FROM form_sessions')).toEqual(sessionsBefore);
  });
});
