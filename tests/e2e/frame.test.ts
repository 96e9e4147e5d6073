import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.ts';
import { at } from './support/journey.ts';
import { COMPILE_HINT } from '../../scripts/vite/compile-hints.ts';

const consoleErrors: string[] = [];
const test = useBrowser(async (context) => {
  // A choice already made, so the cookie banner does not sit before the skip link in these tests.
  await context.addCookies([{ name: 'cookieConsent_analytics', value: 'false', url: baseUrl() }]);
  consoleErrors.length = 0;
  context.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

const SERVICE = 'Creative worker visa concession remote clearance';

describe('the shared frame', () => {
  it('serves the start page with the frame, a start button and no CSP violation', async () => {
    const response = await test.page.goto(`${baseUrl()}/`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await test.page.locator('main h1').waitFor();
    expect(await test.page.title()).toMatch(new RegExp(`\\| ${SERVICE}$`));
    expect(await test.page.locator('.govuk-skip-link').textContent()).toBe('Skip to main content');
    expect(await test.page.locator('.govuk-service-navigation').textContent()).toContain(SERVICE);
    expect(await test.page.locator('.govuk-button--start').textContent()).toContain('Start now');
    expect(await test.page.locator('main').textContent()).toContain('It takes around 10 minutes for one worker');
    const footerLinks = await test.page.locator('.govuk-footer__inline-list a').allTextContents();
    expect(footerLinks).toEqual([
      'Feedback (opens in new tab)',
      'Terms and conditions',
      'Privacy',
      'Cookies',
      'Accessibility statement',
    ]);
    expect(await test.page.locator('.govuk-footer__inline-list a').first().getAttribute('target')).toBe('_blank');
    // Exit is a form's button: it clears the answers kept on the server too, and leads to GOV.UK.
    const exit = test.page.locator('header form button', { hasText: 'Exit to GOV.UK' });
    expect(await exit.getAttribute('value')).toBe('exit');
    expect(await exit.evaluate((button) => (button as HTMLButtonElement).form?.method)).toBe('post');
    // No back link on the first page of a visit.
    expect(await test.page.locator('.govuk-back-link').count()).toBe(0);
    expect(consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('carries no inline script, in the served HTML or in the page: only data the browser does not run', async () => {
    const html = await (await fetch(`${baseUrl()}/cookies`)).text();
    expect(html).toContain('<script');
    expect(html.match(/<script(?![^>]*\s(?:src=|type="application\/json"))[^>]*>/g)).toBeNull();
    await test.page.goto(`${baseUrl()}/`);
    await test.page.locator('main h1').waitFor();
    expect(await test.page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
  });

  it('asks the browser to compile the scripts a page runs as they arrive, its own chunk’s too', async () => {
    const html = await (await fetch(`${baseUrl()}/your-contact-details`)).text();
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const first = await (await fetch(`${baseUrl()}${entry}`)).text();
    const chunk = /"(assets\/question-pages-[\w-]+\.js)"/.exec(first)?.[1];
    expect(chunk).toBeDefined();
    const pages = await (await fetch(`${baseUrl()}/${chunk}`)).text();
    expect(first.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(pages.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
  });

  it('starts the journey with the start button, then goes back with "Go back"', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await test.page.locator('.govuk-button--start').click();
    await test.page.waitForURL(`${baseUrl()}/your-contact-details`);
    // The address changes once the service has answered; the page is drawn from the answer after.
    await at(test.page, '/your-contact-details');
    const back = test.page.locator('.govuk-back-link');
    expect(await back.textContent()).toBe('Go back');
    expect(await back.getAttribute('href')).toBe('/');
    await back.click();
    await test.page.waitForURL(`${baseUrl()}/`);
    await at(test.page, '/');
    expect(await test.page.locator('.govuk-back-link').count()).toBe(0);
  });

  it('redirects an unknown path to / replacing the history entry', async () => {
    await test.page.goto(`${baseUrl()}/cookies`);
    await test.page.locator('main h1').waitFor();
    await test.page.goto(`${baseUrl()}/no/such/page?x=1`);
    await test.page.waitForURL(`${baseUrl()}/`);
    await test.page.locator('.govuk-button--start').waitFor();
    await test.page.goBack();
    // The unknown address is not in the history: going back returns to the page before it.
    await test.page.waitForURL(`${baseUrl()}/cookies`);
  });

  it('sends an unknown address to the start page without JavaScript too', async () => {
    const context = await test.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${baseUrl()}/no/such/page?epat=abc.def`);
      expect(page.url()).toBe(`${baseUrl()}/`);
      expect(response?.request().redirectedFrom()?.url()).toBe(`${baseUrl()}/no/such/page?epat=abc.def`);
      expect(await page.locator('main h1').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows an announced spinner while a page loads', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await test.page.locator('main h1').waitFor();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await test.page.route(/terms-page.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await test.page.locator('.govuk-footer a', { hasText: 'Terms and conditions' }).click();
    const spinner = test.page.locator('[role="status"]', { hasText: 'Loading page' });
    await spinner.waitFor();
    expect(await spinner.isVisible()).toBe(true);
    release();
    await test.page.locator('main h1', { hasText: 'Terms and conditions' }).waitFor();
    expect(await spinner.count()).toBe(0);
  });

  it('moves focus and scroll to the top of the new page on navigation', async () => {
    await test.page.setViewportSize({ width: 800, height: 500 });
    await test.page.goto(`${baseUrl()}/privacy-policy`);
    await test.page.locator('main h1').waitFor();
    const link = test.page.locator('.govuk-footer a', { hasText: 'Accessibility statement' });
    await link.focus();
    expect(await test.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.press('Enter');
    await test.page.locator('main h1', { hasText: /ccessibility/ }).waitFor();
    expect(await test.page.evaluate(() => window.scrollY)).toBe(0);
    // Focus is on the new page's heading, so screen readers start there; it shows no outline.
    await test.page.waitForFunction(() => document.activeElement === document.querySelector('main h1'));
    expect(await test.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('none');
  });

  it('skips to the main content', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await test.page.locator('main h1').waitFor();
    await test.page.keyboard.press('Tab');
    await test.page.keyboard.press('Enter');
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    // And it stays there: following the skip link moves to no other page, so nothing moves focus
    // on once whatever the link set off has settled.
    await test.page.waitForTimeout(1_000);
    await test.page.waitForFunction(() => !document.documentElement.hasAttribute('data-page-loading'));
    expect(await test.page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('switches to Arabic, mirrors the layout, and remembers the choice for the session', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await test.page.locator('main h1').waitFor();
    const bulletPadding = () =>
      test.page
        .locator('main .govuk-list--bullet')
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return { left: style.paddingLeft, right: style.paddingRight };
        });
    const ltr = await bulletPadding();
    expect(ltr.left).toBe('20px');
    await test.page.locator('.govuk-language-navigation a[lang="ar"]').click();
    await test.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await test.page.getAttribute('html', 'lang')).toBe('ar');
    const rtl = await bulletPadding();
    expect(rtl).toEqual({ left: ltr.right, right: ltr.left });
    expect(await test.page.locator('.govuk-skip-link').textContent()).toBe('انتقل إلى المحتوى الرئيسي');
    await test.page.reload();
    await test.page.locator('main h1').waitFor();
    expect(await test.page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await test.page.title()).toContain('التصريح المسبق');
    await test.page.locator('.govuk-language-navigation a[lang="en"]').click();
    await test.page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('changes the frame in place, not drawn again, as the language changes and as the visitor moves', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await test.page.locator('main h1').waitFor();
    const frame = await Promise.all(
      ['.govuk-header', '.govuk-language-navigation', '.govuk-footer'].map(
        async (selector) => (await test.page.locator(selector).elementHandle())!,
      ),
    );
    const allKept = async () => Promise.all(frame.map((element) => element.evaluate((e) => e.isConnected)));
    await test.page.locator('.govuk-language-navigation a[lang="cy"]').click();
    await test.page.locator('.govuk-footer', { hasText: 'Preifatrwydd' }).waitFor();
    expect(await allKept()).toEqual([true, true, true]);
    await test.page.locator('.govuk-footer a[href="/cookies"]').click();
    await test.page.waitForURL(`${baseUrl()}/cookies`);
    await test.page.locator('.govuk-language-navigation a[href^="/cookies?"]').first().waitFor();
    expect(await allKept()).toEqual([true, true, true]);
  });

  it('shows "Error: " in the title only while a page shows errors (cookies page has none)', async () => {
    await test.page.goto(`${baseUrl()}/cookies`);
    await test.page.locator('main h1').waitFor();
    expect(await test.page.title()).toBe(`Cookies | ${SERVICE}`);
  });

  it('shows "Unexpected Application Error!" when a page fails to load', async () => {
    await test.page.goto(`${baseUrl()}/`);
    await test.page.locator('main h1').waitFor();
    await test.page.route(/privacy-page.*\.js$/, (route) => route.abort());
    await test.page.locator('.govuk-footer a', { hasText: 'Privacy' }).click();
    await test.page.locator('main h1', { hasText: 'Unexpected Application Error!' }).waitFor();
    expect(await test.page.title()).toBe(`Unexpected Application Error! | ${SERVICE}`);
  });
});
