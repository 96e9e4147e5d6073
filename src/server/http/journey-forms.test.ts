// The journey without JavaScript (decisions 024 and 026), through the whole app on each database
// engine: the session kept under an HttpOnly cookie, the answers run through the browser's
// reducer, a valid answer redirected, an invalid one shown with its errors, a link's page shown
// without changing anything, sending stored once, and the session over after 24 hours idle. The pages are rendered by a fake server entry that shows
// what it was given.
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { parseSavedFormState, serialiseFormState } from '#shared/journey/form-state.ts';
import { FINGERPRINT_FIELD } from '#shared/journey/page-forms.ts';
import { answersFingerprint } from '#shared/journey/submission.ts';
import type { DateParts } from '#shared/dates/date-parts.ts';
import { DIGIT_SETS } from '#shared/text/ascii-digits.ts';
import { listApplicationsOfSubmission } from '../db/application-repository.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { deleteIdleFormSessions } from '../db/form-session-repository.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { answerSingleApplication, formBrowser, type FormBrowser } from './test-support/form-browser.ts';
import { countRows, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

const token = 'f'.repeat(43);
let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

const SESSION_COOKIE = /^formSession=([A-Za-z0-9_-]{43}); Path=\/; HttpOnly; SameSite=Lax(; Secure)?$/;

describe.each(testEngines())('the journey without JavaScript, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock = new Date('2026-11-24T10:00:00Z');
  let app: FastifyInstance;
  let logs: string[];

  async function start(overrides: { formRateLimit?: number; database?: Database } = {}) {
    await app.close();
    logs = [];
    const logDestination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString('utf8'));
        done();
      },
    });
    const config = { ...loadConfig({ NODE_ENV: 'test' }), webRoot: build.webRoot, ...overrides };
    app = await buildApp(config, { database: overrides.database ?? database.db, now: () => clock, logDestination });
  }

  beforeEach(async () => {
    clock = new Date('2026-11-24T10:00:00Z');
    app = Fastify();
    await start();
  });
  afterEach(async () => {
    await app.close();
  });

  const browser = () => formBrowser(() => app, { formToken: token });

  /** Every question of a single application answered with valid answers, as posted forms. */
  async function answerEverything(user: FormBrowser) {
    const answers = validApplicantAnswers(clock);
    await answerSingleApplication(user, answers);
    return answers;
  }

  /** The fingerprint of the answers check your answers shows now, which its Send button sends. */
  async function shownOnCheckAnswers(user: FormBrowser) {
    const page = await user.get('/check-your-answers');
    return answersFingerprint(parseSavedFormState(renderedFrom(page.body).session!.formState));
  }

  it('keeps a valid answer in a session of its own and sends the browser to the next question', async () => {
    const user = browser();
    const response = await user.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sponsor-details');
    const cookie = [response.headers['set-cookie']].flat().find((line) => String(line).startsWith('formSession='));
    expect(String(cookie)).toMatch(SESSION_COOKIE);
    expect(String(cookie)).not.toContain('Secure');

    // The next page is rendered from what the session keeps; the table holds a hash, not the id.
    const page = await user.get('/sponsor-details');
    const state = parseSavedFormState(renderedFrom(page.body).session!.formState!);
    expect(state.current.sponsorContact).toEqual({ 'sponsor-email': 'bookings@example.org' });
    expect(state.complete).toEqual(['/your-contact-details']);
    const { rows } = await database.db.query<{ id_hash: Uint8Array }>('SELECT id_hash FROM form_sessions');
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.id_hash).toString('base64url')).not.toBe(user.cookies.get('formSession'));
  });

  it('answers an invalid answer with the page showing its errors, and keeps what was typed', async () => {
    const user = browser();
    const response = await user.post('/your-contact-details', { 'sponsor-email': 'not an email' });
    expect(response.statusCode).toBe(422);
    const state = parseSavedFormState(renderedFrom(response.body).session!.formState!);
    expect(state.errors.sponsorContact).toEqual({ 'sponsor-email': 'validEmail' });
    expect(state.current.sponsorContact).toEqual({ 'sponsor-email': 'not an email' });
    // The answer is never written to the log.
    expect(logs.join('\n')).not.toContain('not an email');
  });

  it('refuses a web address in a name with the field’s own error, as the browser and the API do (decision 044)', async () => {
    const user = browser();
    await user.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' });
    for (const address of ['https://evil.example/pay', 'www.evil.example', 'evil.example/pay']) {
      const sponsor = await user.post('/sponsor-details', { 'sponsor-name': address, 'sponsor-reference': 'TNB1' });
      expect(sponsor.statusCode, address).toBe(422);
      expect(parseSavedFormState(renderedFrom(sponsor.body).session!.formState!).errors.sponsorDetails).toEqual({
        'sponsor-name': 'noWebAddress',
      });
    }
    await user.post('/sponsor-details', { 'sponsor-name': 'St. John’s Theatre', 'sponsor-reference': 'TNB1' });
    await user.post('/what-would-you-like-to-do', { 'what-would-you-like-to-do': 'single-application' });
    for (const address of ['https://evil.example/pay', 'www.evil.example', 'evil.example/pay']) {
      const names = await user.post('/passenger-name', { 'family-name': address, 'given-name': address });
      expect(names.statusCode, address).toBe(422);
      expect(parseSavedFormState(renderedFrom(names.body).session!.formState!).errors.passengerName).toEqual({
        'family-name': 'noWebAddress',
        'given-name': 'noWebAddress',
      });
    }
    const real = await user.post('/passenger-name', { 'family-name': 'O’Brien-Smith', 'given-name': 'J.R.R.' });
    expect(real.headers.location).toBe('/passenger-date-of-birth');
  });

  it('shows a Change link’s page as the link leads to it, and changes the answers only with its form', async () => {
    const user = browser();
    await answerEverything(user);
    const change = await user.get('/cos-reference?change');
    expect(change.statusCode).toBe(200);
    expect(parseSavedFormState(renderedFrom(change.body).session!.formState).isChanging).toBe(true);
    const changed = await user.post('/cos-reference?change', { 'cos-reference': 'C2G8K5CHNGQ' });
    expect(changed.headers.location).toBe('/check-your-answers');
    // An Edit link for a member the group does not have leads to the group overview.
    const edit = await user.get('/check-your-answers?edit=7');
    expect(edit.headers.location).toBe('/group-edit');
  });

  it('sends the applications once, with the API’s own checks, and shows the receipts', async () => {
    const user = browser();
    const answers = await answerEverything(user);
    const shownBefore = await shownOnCheckAnswers(user);
    const sent = await user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shownBefore });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/complete');
    expect(await countRows(database.db)).toMatchObject({ submissions: 1, applications: 1 });
    const complete = await user.get('/complete');
    const state = parseSavedFormState(renderedFrom(complete.body).session!.formState!);
    expect(state.receipts).toHaveLength(1);
    expect(state.receipts[0]!.cosReference).toBe(answers['cos-reference']);
    // Sending again (a second press, Back and resend) stores nothing more: the receipts show.
    const again = await user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shownBefore });
    expect(again.headers.location).toBe('/complete');
    expect(await countRows(database.db)).toMatchObject({ submissions: 1, applications: 1 });
    // Finish starts again.
    const finish = await user.post('/complete', { action: 'finish' });
    expect(finish.headers.location).toBe('/');
  });

  it.each([['arabicIndic'], ['extendedArabicIndic'], ['fullWidth']] as const)(
    'takes dates and the passport number typed in %s digits, and stores them in ASCII digits (decision 031)',
    async (set) => {
      const digits = DIGIT_SETS[set];
      const write = (text: string) => text.replace(/[0-9]/g, (d) => digits[Number(d)]!);
      const writeDate = (parts: DateParts) => ({
        day: write(parts.day),
        month: write(parts.month),
        year: write(parts.year),
      });
      const ascii = validApplicantAnswers(clock);
      const typed = Object.fromEntries(
        Object.entries(ascii).map(([key, value]) => [
          key,
          typeof value === 'string' ? (key === 'passport-number' ? write(value) : value) : writeDate(value),
        ]),
      ) as typeof ascii;
      expect(typed['date-of-birth']).not.toEqual(ascii['date-of-birth']);
      const user = browser();
      await answerSingleApplication(user, typed);
      const sent = await user.post('/check-your-answers', {
        action: 'send',
        [FINGERPRINT_FIELD]: await shownOnCheckAnswers(user),
      });
      expect(sent.headers.location).toBe('/complete');
      const { rows } = await database.db.query<{ id: string }>('SELECT id FROM submissions');
      const [stored] = await listApplicationsOfSubmission(database.db, rows[0]!.id);
      const iso = (parts: DateParts) => `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
      expect(stored!.secondaryDetails!.dateOfBirth).toBe(iso(ascii['date-of-birth']!));
      expect(stored!.concessionForm!.passportExpiryDate).toBe(iso(ascii['passport-expiry-date']!));
      expect(stored!.secondaryDetails!.firstWorkDate).toBe(iso(ascii['first-work-date']!));
      expect(stored!.concessionForm!.passportNumber).toBe(ascii['passport-number']);
    },
  );

  it('records with the applications the language of the pages they were sent from (decision 032)', async () => {
    const user = browser();
    user.cookies.set('lang', 'cy');
    await answerEverything(user);
    const shown = await shownOnCheckAnswers(user);
    const sent = await user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shown });
    expect(sent.headers.location).toBe('/complete');
    const { rows } = await database.db.query<{ language: string }>('SELECT language FROM submissions');
    expect(rows).toEqual([{ language: 'cy' }]);
  });

  it('sends an answer that no longer passes to its page rather than sending it, storing nothing', async () => {
    const user = browser();
    await answerEverything(user);
    // An answer that the pages would not let through (a birth date to come), as a changed
    // session or an older version of the rules could leave it.
    const { rows } = await database.db.query<{ form_state: string }>('SELECT form_state FROM form_sessions');
    const state = parseSavedFormState(rows[0]!.form_state);
    const bornLater = { 'date-of-birth': { day: '1', month: '1', year: '2030' } };
    const stale = { ...state, current: { ...state.current, passengerDob: bornLater } };
    await database.db.query('UPDATE form_sessions SET form_state = $1', [serialiseFormState(stale)]);
    const response = await user.post('/check-your-answers', { action: 'send' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/passenger-date-of-birth');
    expect(await countRows(database.db)).toMatchObject({ submissions: 0 });
  });

  it('ends a session after 24 hours idle, and the retention job deletes it', async () => {
    const user = browser();
    await user.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' });
    clock = new Date(clock.getTime() + 24 * 60 * 60_000 - 1000);
    const stillThere = await user.get('/sponsor-details');
    expect(renderedFrom(stillThere.body).session!.formState).not.toBeNull();
    // Reading a page does not keep a session alive: answering does.
    clock = new Date(clock.getTime() + 2000);
    const over = await user.get('/sponsor-details');
    expect(renderedFrom(over.body).session!.formState).toBeNull();
    expect(await deleteIdleFormSessions(database.db, new Date(clock.getTime() - 24 * 60 * 60_000))).toBe(1);
  });

  it('answers a form over the limit with a page whose Try again sends the same answers', async () => {
    await start({ formRateLimit: 2 });
    const user = browser();
    await user.post('/sponsor-details', { 'sponsor-name': 'Example', 'sponsor-reference': 'TNBHDW2R7' });
    await user.post('/sponsor-details', { 'sponsor-name': 'Example', 'sponsor-reference': 'TNBHDW2R7' });
    const response = await user.post('/sponsor-details', { 'sponsor-name': 'Example', 'sponsor-reference': 'X' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(renderedFrom(response.body).formProblem).toEqual({
      kind: 'tooMany',
      resend: [
        ['sponsor-name', 'Example'],
        ['sponsor-reference', 'X'],
      ],
    });
  });

  it('answers a form the service fails to take with a page whose Try again sends it again, logging no answer', async () => {
    const failing: Database = {
      ...database.db,
      query: () => Promise.reject(new Error('the database said no')),
    };
    await start({ database: failing });
    const user = browser();
    user.cookies.set('formSession', 's'.repeat(43));
    const response = await user.post('/your-contact-details', { 'sponsor-email': 'secret@example.org' });
    expect(response.statusCode).toBe(500);
    expect(renderedFrom(response.body).formProblem).toEqual({
      kind: 'failed',
      resend: [['sponsor-email', 'secret@example.org']],
    });
    // A page whose session cannot be read is not shown without it: the same page, to open again.
    const page = await user.get('/sponsor-details');
    expect(page.statusCode).toBe(500);
    expect(renderedFrom(page.body).formProblem).toEqual({ kind: 'failed' });
    expect(logs.join('\n')).toContain('A page or form could not be answered');
    expect(logs.join('\n')).not.toContain('secret@example.org');
    expect(logs.join('\n')).not.toContain('s'.repeat(43));
  });

  it('refuses a form from another site without the token, keeping nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/your-contact-details',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example' },
      payload: 'sponsor-email=attacker%40example.org',
    });
    expect(response.statusCode).toBe(403);
    expect(renderedFrom(response.body).formProblem).toEqual({ kind: 'refused' });
    const { rows } = await database.db.query('SELECT 1 FROM form_sessions');
    expect(rows).toHaveLength(0);
  });

  it('answers a form it does not know with the page again, keeping nothing', async () => {
    const user = browser();
    const response = await user.post('/group-edit', { action: 'launch' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/group-edit');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
