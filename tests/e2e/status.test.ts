// The status area end to end: a group of 2 sent through the journey, the status link read from
// the email the test SMTP server received, the licence number (wrong, then right), decisions by
// the caseworker command, and the downloads. Needs the service on PostgreSQL (DATABASE_URL), the
// only database the caseworker command can share with a running server.
import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { formatDateTime } from '../../src/shared/dates/format.ts';
import { FORM_SESSION_COOKIE } from '../../src/shared/pages/form-session.ts';
import { caseworker } from './support/caseworker.ts';
import { signedStatusToken } from './support/status-links.ts';
import {
  axeViolations,
  axeViolationsWithoutJavaScript,
  baseUrl,
  chooseLanguage,
  titleWhenErrorSummaryAppears,
  useBrowser,
  downloadedBytes,
} from './support/browser.ts';
import {
  SPONSOR,
  addToGroup,
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  submitGroup,
  waitForMail,
  worker,
} from './support/journey.ts';
import { workerServices } from './support/services.ts';

const test = useBrowser();
const databaseUrl = workerServices().manual.databaseUrl;

describe.skipIf(databaseUrl === '')('the status page', () => {
  it(
    'shows a submission after the licence number, follows the decisions and downloads the documents',
    { timeout: 180_000 },
    async () => {
      const { page } = test;
      await answerSponsor(page, 'group-application');
      for (const [name, given] of [
        ['Żółć', 'Łukasz'],
        ['Nguyễn', 'Thị Minh Khai'],
      ] as const) {
        if (name === 'Nguyễn') await page.getByRole('button', { name: 'Add another applicant' }).click();
        await answerWorker(page, worker(name, { givenNames: given, passportNumber: `EA${name.length}234567` }));
        if (name === 'Nguyễn') {
          await at(page, '/reuse-travel-details');
          await page.check('input[name="reuse-travel-details"][value=""]');
          await page.getByRole('button', { name: 'Continue' }).click();
        }
        await answerTravel(page);
        if (name === 'Nguyễn') {
          await at(page, '/reuse-work-dates');
          await page.check('input[name="reuse-work-dates"][value="0"]');
          await page.getByRole('button', { name: 'Continue' }).click();
        } else {
          await answerWorkDates(page);
        }
        await at(page, '/check-your-answers');
        await addToGroup(page);
      }
      const references = await submitGroup(page, 2);

      // The status link, from the sponsor's confirmation email.
      const mail = await waitForMail((all) =>
        all.some((m) => m.to === SPONSOR.email && references.every((r) => m.text.includes(r))),
      );
      const confirmation = mail.find((m) => m.to === SPONSOR.email && references.every((r) => m.text.includes(r)))!;
      const link = new RegExp(`${baseUrl()}/status\\?epat=[\\w.-]+`).exec(confirmation.text)?.[0];
      expect(link).toBeDefined();

      const opened = await page.goto(link!);
      // Answered at once (decision 059); the token in the address goes nowhere: the page answered at
      // the link's address sends no Referer, not even to this service.
      expect(opened?.request().redirectedFrom()).toBeNull();
      expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
      await page.locator('h1', { hasText: 'Check the status of your applications' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.fill('#sponsor-licence-number', 'WRONG123');
      const titleWithSummary = await titleWhenErrorSummaryAppears(page);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page
        .locator('.govuk-error-summary', { hasText: 'Your sponsor licence number does not match this application' })
        .waitFor();
      expect(await titleWithSummary()).toMatch(/^Error: /);
      expect(await axeViolations(page)).toEqual([]);

      await page.fill('#sponsor-licence-number', SPONSOR.reference.toLowerCase());
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.locator('table').waitFor();
      const rows = () =>
        page
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
          );
      expect((await rows()).map((r) => r.slice(0, 3))).toEqual([
        [expect.any(String), 'Łukasz Żółć', 'In progress'],
        [expect.any(String), 'Thị Minh Khai Nguyễn', 'In progress'],
      ]);
      expect((await rows()).map((r) => r[3])).toEqual(['No action required', 'No action required']);
      expect(await page.locator('main').textContent()).toContain(`${SPONSOR.name} (${SPONSOR.reference})`);
      expect(await page.getByRole('button', { name: 'Download approved applications' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // The search box filters by name, COS number or reference (typed any case, without dashes).
      await page.fill('#search', 'nguy');
      expect((await rows()).map((r) => r[1])).toEqual(['Thị Minh Khai Nguyễn']);
      await page.fill('#search', references[0]!.replace(/-/g, ' ').toLowerCase());
      expect((await rows()).map((r) => r[1])).toEqual(['Łukasz Żółć']);
      await page.fill('#search', '');

      // A status call that fails shows an error with a way to try again.
      await page.route(
        '**/api/public/publicStatus',
        (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"InternalServerError"}' }),
        { times: 1 },
      );
      // The pages stay open after a refresh (status-refresh.test.ts); the emailed link opened
      // again asks for the number.
      await page.goto(link!);
      await page.fill('#sponsor-licence-number', SPONSOR.reference);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page
        .locator('[role=alert]', { hasText: 'Sorry, we could not get the status of your applications.' })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.locator('table').waitFor();

      // The caseworker decides: one approved, one rejected.
      await caseworker('approve', references[0]!);
      await caseworker('reject', references[1]!, '--reason', 'routing');
      // The pages stay open after a refresh (status-refresh.test.ts); the emailed link opened
      // again asks for the number.
      await page.goto(link!);
      await page.fill('#sponsor-licence-number', SPONSOR.reference);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.locator('table').waitFor();
      expect((await rows()).map((r) => [r[2], r[3]])).toEqual([
        ['Approved', expect.stringMatching(/^View application.*Download/)],
        ['Rejected', expect.stringMatching(/^View guidance/)],
      ]);
      const totals = await page.locator('.app-status-totals li').allTextContents();
      expect(totals.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
        'In progress 0',
        'Approved 1',
        'Rejected 1',
        'Withdrawn 0',
      ]);
      expect(await axeViolations(page)).toEqual([]);

      // Downloads: the approved one, and all approved at once.
      const single = page.waitForEvent('download');
      await page.locator('tbody tr').first().getByRole('button', { name: 'Download' }).click();
      const singleFile = await single;
      expect(singleFile.suggestedFilename()).toBe(`pre-clearance-${references[0]}.pdf`);
      expect((await downloadedBytes(singleFile)).subarray(0, 5).toString()).toBe('%PDF-');
      const bulk = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download approved applications' }).click();
      const bulkFile = await bulk;
      expect(bulkFile.suggestedFilename()).toMatch(/\.pdf$/);
      expect((await downloadedBytes(bulkFile)).subarray(0, 5).toString()).toBe('%PDF-');

      // A download that fails says so beside its button.
      await page.route(
        '**/api/public/pdf-maker',
        (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
        { times: 1 },
      );
      await page.getByRole('button', { name: 'Download approved applications' }).click();
      await page.locator('.app-download', { hasText: 'The download failed. Try again.' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // One application in detail: the rejected one, with its reason.
      await page
        .locator('tbody tr')
        .nth(1)
        .getByRole('link', { name: /View guidance/ })
        .click();
      // The token is kept for the tab, not carried in the address (status-token.test.ts).
      await page.waitForURL(`${baseUrl()}/status/1`);
      await page.locator('h1', { hasText: 'Thị Minh Khai Nguyễn' }).waitFor();
      expect(await page.locator('main').textContent()).toContain(
        'The travel to the UK is not through the Republic of Ireland.',
      );
      expect(await axeViolations(page)).toEqual([]);

      // The same pages in Arabic, right to left.
      await page.getByRole('link', { name: 'العربية' }).click();
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      await page.locator('main', { hasText: 'السفر إلى المملكة المتحدة ليس عبر جمهورية أيرلندا.' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'العودة إلى كل الطلبات' }).click();
      await page.locator('table').waitFor();
      expect(await page.locator('thead').textContent()).toContain('حالة الطلب');
      expect(await axeViolations(page)).toEqual([]);

      // Five wrong numbers within the hour (the first was given above) lock the submission at
      // the fifth, even for the right number.
      await page.getByRole('link', { name: 'English' }).click();
      for (let attempt = 2; attempt <= 6; attempt += 1) {
        await page.goto(link!);
        await page.fill('#sponsor-licence-number', attempt <= 5 ? `WRONG${attempt}` : SPONSOR.reference);
        await page.getByRole('button', { name: 'Check status' }).click();
        if (attempt <= 4) await page.locator('.govuk-error-summary').waitFor();
        else await page.locator('h1', { hasText: 'This link is locked for an hour' }).waitFor();
      }
      expect(await page.locator('main').textContent()).toContain('(UK time)');
      expect(await axeViolations(page)).toEqual([]);
    },
  );
});

describe('the status link pages', () => {
  it('say "Application not found" for a link that is not valid and "Link expired" for an old one, at once', async () => {
    const { page } = test;
    // Signed with the service's key, but its time is over.
    const expired = await signedStatusToken('a-submission', { expired: true });
    // An altered signature: the last characters of a real token changed.
    const tampered = `${expired.slice(0, -4)}${expired.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const javaScript of [true, false]) {
      const context = await test.browser.newContext({ javaScriptEnabled: javaScript });
      const tab = await context.newPage();
      for (const [link, title, body] of [
        ['not-a-valid-token', 'Application not found', 'Check that you copied the entire address'],
        [tampered, 'Application not found', 'Check that you copied the entire address'],
        [expired, 'Link expired', 'The link to view your application status has expired.'],
      ] as const) {
        await tab.goto(`${baseUrl()}/status?epat=${link}`);
        // With JavaScript as without, a link that does not work is shown at once at its own
        // address (only a link that verifies is taken out of the address and kept, decision 026).
        expect(new URL(tab.url()).searchParams.get('epat')).toBe(link);
        await tab.locator('h1', { hasText: title }).waitFor();
        expect(await tab.locator('h1').textContent()).toBe(title);
        expect(await tab.locator('main').textContent()).toContain(body);
        // Nothing asks for the licence number before saying so (the expired link's page asks for a new link).
        expect(await tab.getByRole('button', { name: 'Check status' }).count()).toBe(0);
        expect(javaScript ? await axeViolations(tab) : await axeViolationsWithoutJavaScript(tab)).toEqual([]);
      }
      // Nothing is kept for a link that does not work: no session.
      expect((await context.cookies(baseUrl())).map((cookie) => cookie.name)).not.toContain(FORM_SESSION_COOKIE);
      await context.close();
    }
    // A browser that was never given a link (this one keeps the token it was given, for each of
    // its tabs: the server keeps it for a browser without JavaScript, decision 024).
    const other = await test.browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(`${baseUrl()}/status`);
    await fresh.locator('h1', { hasText: 'Application not found' }).waitFor();
    await other.close();
    // A link that verifies asks for the licence number, whether or not its submission is there:
    // that much is said only to the one who has the number (as before).
    const unknown = await signedStatusToken('a-submission');
    await page.goto(`${baseUrl()}/status?epat=${unknown}`);
    await page.fill('#sponsor-licence-number', 'ABC');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.locator('h1', { hasText: 'Application not found' }).waitFor();
  });

  it(
    'exchanges an expired link for a new one, emailed to the sponsor, in English and Arabic',
    { timeout: 180_000 },
    async () => {
      const { page } = test;
      const before = new Date();
      await answerSponsor(page, 'single-application');
      await answerWorker(page, worker('Kavanagh', { givenNames: 'Róisín' }));
      await answerTravel(page);
      await answerWorkDates(page);
      await at(page, '/check-your-answers');
      await page.getByRole('button', { name: 'Confirm details and send the application' }).click();
      await at(page, '/complete');
      const after = new Date();
      const reference = (await page.locator('.govuk-panel .app-reference').textContent()) ?? '';
      const linkIn = (text: string) => new RegExp(`${baseUrl()}/status\\?epat=[\\w.-]+`).exec(text)?.[0];
      const received = await waitForMail((all) =>
        all.some((m) => m.to === SPONSOR.email && m.text.includes(reference)),
      );
      const emailed = linkIn(received.find((m) => m.to === SPONSOR.email && m.text.includes(reference))?.text ?? '');
      expect(emailed).toBeDefined();

      // The same submission's link, signed by the service 100 days ago: expired, but younger than the retention period.
      const { sub } = decodeJwt(new URL(emailed!).searchParams.get('epat') ?? '');
      const expired = await signedStatusToken(sub ?? '', { expired: true });
      // Shown at once, without asking for the licence number first.
      await page.goto(`${baseUrl()}/status?epat=${expired}`);
      await page.locator('h1', { hasText: 'Link expired' }).waitFor();
      await page.locator('h2', { hasText: 'Get a new link' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'العربية' }).click();
      await page.locator('h2', { hasText: 'الحصول على رابط جديد' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await axeViolations(page)).toEqual([]);

      // Empty: the GOV.UK error pattern, in Arabic and in English.
      await page.fill('#sponsor-licence-number', '');
      await page.getByRole('button', { name: 'الحصول على رابط جديد' }).click();
      await page.locator('.govuk-error-summary', { hasText: 'أدخل رقم ترخيص الكفيل الخاص بك' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'English' }).click();
      await page.locator('.govuk-error-summary', { hasText: 'Enter your sponsor licence number' }).waitFor();
      expect(await page.title()).toMatch(/^Error: Link expired \| /);
      expect(await page.locator('#sponsor-licence-number-error').textContent()).toContain(
        'Enter your sponsor licence number',
      );
      expect(await axeViolations(page)).toEqual([]);

      await page.fill('#sponsor-licence-number', SPONSOR.reference.toLowerCase());
      await page.getByRole('button', { name: 'Get a new link' }).click();
      await page.locator('h1', { hasText: 'Check your email' }).waitFor();
      expect(await page.locator('main').textContent()).toContain(
        'If the sponsor licence number matches the application, we have sent a new link to the sponsor’s email address.',
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'العربية' }).click();
      await page.locator('h1', { hasText: 'تحقق من بريدك الإلكتروني' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'English' }).click();

      // The new link, from the email sent to the sponsor, opens the statuses.
      const isNewLink = (m: { to: string; subject: string; text: string }) =>
        m.to === SPONSOR.email &&
        m.subject.startsWith('Creative worker concession: new status link') &&
        m.text.includes(reference);
      const fresh = linkIn((await waitForMail((all) => all.some(isNewLink))).find(isNewLink)?.text ?? '');
      expect(fresh).toBeDefined();
      expect(fresh).not.toContain(expired);
      await page.goto(fresh!);
      await page.fill('#sponsor-licence-number', SPONSOR.reference);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.locator('table').waitFor();
      expect(await page.locator('tbody tr td').nth(1).textContent()).toBe('Róisín Kavanagh');

      // Submitted, as DD/MM/YYYY HH:mm London time, on the list and on the application page.
      const minutes = new Set<string>();
      for (let t = before.getTime() - 60_000; t <= after.getTime() + 60_000; t += 30_000)
        minutes.add(formatDateTime(new Date(t)));
      const submittedRow = page
        .locator('.govuk-summary-list__row', { hasText: 'Submitted' })
        .locator('.govuk-summary-list__value');
      const shown = ((await submittedRow.textContent()) ?? '').trim();
      expect(shown).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      expect(minutes.has(shown)).toBe(true);
      await page.goto(fresh!.replace('/status?', '/status/0?'));
      await page.fill('#sponsor-licence-number', SPONSOR.reference);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.locator('h1', { hasText: 'Róisín Kavanagh' }).waitFor();
      expect(((await submittedRow.textContent()) ?? '').trim()).toBe(shown);
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it('says "Application not found" in Arabic too', async () => {
    const { page, context } = test;
    await chooseLanguage(context, 'ar');
    await page.goto(`${baseUrl()}/status`);
    await page.locator('h1', { hasText: 'لم يتم العثور على الطلب' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A broken link and an expired one, at once, with and without JavaScript.
    const expired = await signedStatusToken('a-submission', { expired: true });
    for (const javaScript of [true, false]) {
      const other = await test.browser.newContext({ javaScriptEnabled: javaScript });
      await chooseLanguage(other, 'ar');
      const tab = await other.newPage();
      for (const [link, title] of [
        ['not-a-valid-token', 'لم يتم العثور على الطلب'],
        [expired, 'انتهت صلاحية الرابط'],
      ] as const) {
        await tab.goto(`${baseUrl()}/status?epat=${link}`);
        expect(new URL(tab.url()).searchParams.get('epat')).toBe(link);
        await tab.locator('h1', { hasText: title }).waitFor();
        expect(await tab.locator('h1').textContent()).toBe(title);
        expect(await tab.getByRole('button', { name: 'التحقق من الحالة' }).count()).toBe(0);
        expect(javaScript ? await axeViolations(tab) : await axeViolationsWithoutJavaScript(tab)).toEqual([]);
      }
      expect((await other.cookies(baseUrl())).map((cookie) => cookie.name)).not.toContain(FORM_SESSION_COOKIE);
      await other.close();
    }
  });

  it('asks for the licence number in Arabic too, with its error', async () => {
    const { page, context } = test;
    await chooseLanguage(context, 'ar');
    // A link that verifies: a broken one says so at once.
    const link = await signedStatusToken('a-submission');
    await page.goto(`${baseUrl()}/status?epat=${link}`);
    await page.locator('#sponsor-licence-number').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'التحقق من الحالة' }).click();
    await page.locator('.govuk-error-summary').waitFor();
    expect(await page.locator('.govuk-error-summary').textContent()).toContain('أدخل رقم ترخيص الكفيل الخاص بك');
    expect(await axeViolations(page)).toEqual([]);
  });
});
