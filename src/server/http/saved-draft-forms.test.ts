// The server as the one owner of a journey (decision 040), through the whole app on each database
// engine: the app's JSON answers to a page's address and to its forms (the same as the pages
// without JavaScript), "Save and come back later" (the email asked first, the saved page, the
// link that opens the answers elsewhere once, a stale draft landing on its first problem, Exit
// leaving a saved draft to its link), the start page offering to continue, and a status link got
// again by application reference. Pages are rendered by a fake server entry that shows its data.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { parseSavedFormState } from '#shared/journey/form-state.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { issueReturnToken } from '../db/form-session-repository.ts';
import { listJobs } from '../db/job-repository.ts';
import { countHit } from '../db/rate-limit-repository.ts';
import { recipientBudgetKey } from '../jobs/email-recipient-limit.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { answerSingleApplication, formBrowser, type FormBrowser } from './test-support/form-browser.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { newDraftLinkToken } from '../tokens/draft-link-tokens.ts';

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

const DAY = 24 * 60 * 60_000;
const JSON_ANSWER = { accept: 'application/json' };

describe.each(testEngines())('the server owning the journey, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock = new Date('2026-11-24T10:00:00Z');
  let app: FastifyInstance;

  beforeEach(async () => {
    clock = new Date('2026-11-24T10:00:00Z');
    app = await buildApp(
      { ...loadConfig({ NODE_ENV: 'test' }), webRoot: build.webRoot, emailRateLimit: 2 },
      { database: database.db, now: () => clock },
    );
  });
  afterEach(async () => {
    await app.close();
  });

  const browser = () => formBrowser(() => app);
  const stateOf = (body: string) => parseSavedFormState(renderedFrom(body).session!.formState);

  /** Saves, with `user`'s answers, from `page`, and gives the link's token (as the email would carry it). */
  async function saveAndLink(user: FormBrowser, page = '/passenger-name'): Promise<string> {
    const saved = await user.post(page, { action: 'save' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toMatch(/^\/application-saved\?from=/);
    const { rows } = await database.db.query<{ draftId: string }>(
      'SELECT draft_id AS "draftId" FROM form_sessions WHERE saved_at IS NOT NULL ORDER BY saved_at DESC LIMIT 1',
    );
    const { token, hash } = newDraftLinkToken();
    expect(await issueReturnToken(database.db, rows[0]!.draftId, hash, clock)).toBeDefined();
    return token;
  }

  describe('the app’s JSON answers', () => {
    it('answer a page’s address with its data, and a form with the page it leads to, drawn as without JavaScript', async () => {
      const user = browser();
      const page = await user.get('/your-contact-details', JSON_ANSWER);
      expect(page.headers['content-type']).toMatch(/^application\/json/);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.json()).toMatchObject({
        location: '/your-contact-details',
        data: { session: { formState: null }, outcome: {}, facts: {} },
      });

      const answered = await user.post(
        '/your-contact-details',
        { 'sponsor-email': 'bookings@example.org' },
        JSON_ANSWER,
      );
      expect(answered.statusCode).toBe(200);
      const next = answered.json<{ location: string; data: { session: { formState: string } } }>();
      expect(next.location).toBe('/sponsor-details');
      expect(parseSavedFormState(next.data.session.formState).current.sponsorContact).toEqual({
        'sponsor-email': 'bookings@example.org',
      });

      // Refused: the same page, with its errors, as the page without JavaScript shows it (422).
      const refused = await user.post('/sponsor-details', { 'sponsor-name': '' }, JSON_ANSWER);
      expect(refused.statusCode).toBe(422);
      const again = refused.json<{ location: string; data: { session: { formState: string } } }>();
      expect(again.location).toBe('/sponsor-details');
      expect(parseSavedFormState(again.data.session.formState).errors.sponsorDetails).toMatchObject({
        'sponsor-name': 'required',
      });
    });

    it('answer a Change link’s address with the answers as it shows them, keeping nothing', async () => {
      const user = browser();
      await answerSingleApplication(user, validApplicantAnswers(clock));
      const change = await user.get('/work-dates?change', JSON_ANSWER);
      const shown = change.json<{ data: { session: { formState: string } } }>();
      expect(parseSavedFormState(shown.data.session.formState).isChanging).toBe(true);
      expect(stateOf((await user.get('/work-dates')).body).isChanging).toBe(false);
    });

    it('answer a form from another site with the problem, changing nothing, and Exit with GOV.UK', async () => {
      const user = browser();
      const refused = await user.post(
        '/your-contact-details',
        { 'sponsor-email': 'x@example.org' },
        { ...JSON_ANSWER, origin: 'https://evil.example' },
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ data: { problem: { kind: 'refused' } } });
      expect(refused.headers['set-cookie']).toBeUndefined();
      const exit = await user.post('/your-contact-details', { action: 'exit' }, JSON_ANSWER);
      expect(exit.json()).toEqual({ location: 'https://www.gov.uk/' });
    });
  });

  describe('save and come back later', () => {
    it('asks for an email first when the answers hold none, and saves with it as the contact email', async () => {
      const user = browser();
      const saved = await user.post('/your-contact-details', { 'sponsor-email': '', action: 'save' });
      expect(saved.headers.location).toBe('/save-your-application?from=%2Fyour-contact-details');
      const ask = await user.get(saved.headers.location!);
      expect(ask.statusCode).toBe(200);
      // Its error shows only once an email typed here is refused.
      expect(renderedFrom(ask.body).outcome).toBeUndefined();
      const refused = await user.post(saved.headers.location!, { 'sponsor-email': 'not an email' });
      expect(refused.statusCode).toBe(422);
      expect(renderedFrom(refused.body).outcome).toEqual({ draftEmail: 'refused' });
      expect(stateOf(refused.body).errors.sponsorContact).toEqual({ 'sponsor-email': 'validEmail' });
      expect(await listJobs(database.db, { kind: 'send-draft-link' })).toEqual([]);

      const done = await user.post(saved.headers.location!, { 'sponsor-email': ' sponsor@example.org ' });
      expect(done.headers.location).toBe('/application-saved?from=%2Fyour-contact-details');
      const page = await user.get(done.headers.location!);
      expect(page.statusCode).toBe(200);
      expect(renderedFrom(page.body).session?.savedUntil).toBe(new Date(clock.getTime() + 28 * DAY).toISOString());
      expect(stateOf(page.body).current.sponsorContact).toEqual({ 'sponsor-email': ' sponsor@example.org ' });
      expect(await listJobs(database.db, { kind: 'send-draft-link' })).toHaveLength(1);
    });

    it('says the email comes later when the address has had its emails for the hour', async () => {
      const user = browser();
      await user.post('/your-contact-details', { 'sponsor-email': 'busy@example.org' });
      for (let sent = 0; sent < 2; sent += 1)
        await countHit(database.db, recipientBudgetKey('busy@example.org'), 60 * 60_000, clock);
      const saved = await user.post('/sponsor-details', { 'sponsor-name': 'Theatre', action: 'save' });
      expect(saved.headers.location).toBe('/application-saved?from=%2Fsponsor-details&later');
    });

    it('opens the answers in another browser once by its link, under a new session, landing where they were saved', async () => {
      const user = browser();
      const answers = validApplicantAnswers(clock);
      await answerSingleApplication(user, answers);
      const token = await saveAndLink(user, '/check-your-answers');

      const other = browser();
      const page = await other.get(`/continue-application?token=${token}`);
      expect(page.statusCode).toBe(200);
      expect(renderedFrom(page.body).outcome).toEqual({ draftLink: 'opens' });
      // The page's GET (a mail scanner's, say) uses nothing up.
      expect((await other.get(`/continue-application?token=${token}`)).statusCode).toBe(200);
      expect(other.cookies.has('formSession')).toBe(false);

      const opened = await other.post(`/continue-application?token=${token}`, {});
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe('/check-your-answers?opened');
      const landed = await other.get(opened.headers.location!);
      expect(renderedFrom(landed.body).session?.notice).toBe(answers['sponsor-email']);
      // Only the address that tells of it shows it: not the overview's "deleted", nor a page without it.
      expect(renderedFrom((await other.get('/group-edit?deleted')).body).session?.notice).toBeNull();
      expect(renderedFrom((await other.get('/check-your-answers')).body).session?.notice).toBeNull();
      expect(stateOf(landed.body).current.passengerName).toMatchObject({ 'family-name': answers['family-name'] });
      // A new link is on its way; the one used opens nothing now; the first browser no longer holds the answers.
      expect(await listJobs(database.db, { kind: 'send-draft-link' })).toHaveLength(2);
      expect((await browser().get(`/continue-application?token=${token}`)).statusCode).toBe(404);
      const again = await browser().post(`/continue-application?token=${token}`, {});
      expect(again.statusCode).toBe(404);
      expect(renderedFrom(again.body).outcome).toEqual({ draftLink: 'cannot' });
      expect(stateOf((await user.get('/check-your-answers')).body).current).toEqual({});
    });

    it('opens a draft whose answers no longer pass at its first page with a problem, and ends it 28 days after the save', async () => {
      const user = browser();
      await answerSingleApplication(user, validApplicantAnswers(clock));
      const token = await saveAndLink(user, '/check-your-answers');
      // Eleven days on, the arrival (in 10 days when answered) is past: the travel page first.
      clock = new Date(clock.getTime() + 11 * DAY);
      const opened = await browser().post(`/continue-application?token=${token}`, {});
      expect(opened.headers.location).toBe('/travel-details?opened');

      const later = browser();
      await answerSingleApplication(later, validApplicantAnswers(clock));
      const ending = await saveAndLink(later);
      clock = new Date(clock.getTime() + 28 * DAY + 60_000);
      expect((await browser().get(`/continue-application?token=${ending}`)).statusCode).toBe(404);
    });

    it('is left to its link by Exit, which asks nothing of answers saved', async () => {
      const user = browser();
      await user.post('/your-contact-details', { 'sponsor-email': 'exit@example.org' });
      const token = await saveAndLink(user, '/sponsor-details');
      const exit = await user.post('/sponsor-details', { action: 'exit' });
      expect(exit.headers.location).toBe('https://www.gov.uk/');
      expect(user.cookies.has('formSession')).toBe(false);
      const opened = await browser().post(`/continue-application?token=${token}`, {});
      expect(opened.headers.location).toBe('/sponsor-details?opened');
    });
  });

  it('offers the start page a way to continue an application in progress', async () => {
    const user = browser();
    expect(renderedFrom((await user.get('/')).body).facts).toBeUndefined();
    await user.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' });
    expect(renderedFrom((await user.get('/')).body).facts).toEqual({ continueAt: '/sponsor-details' });
  });

  describe('a status link got again by application reference', () => {
    it('answers alike whether or not it matched, with the errors of answers the rule refuses, from the status budget', async () => {
      const user = browser();
      const empty = await user.post('/get-status-link', {});
      expect(empty.statusCode).toBe(422);
      expect(renderedFrom(empty.body).outcome?.statusLinkRecovery).toMatchObject({
        kind: 'ask',
        errors: { 'application-reference': 'required', 'sponsor-licence-number': 'required' },
      });
      const unknown = await user.post('/get-status-link', {
        'application-reference': 'CWC-7K3M9-QF2XA-A',
        'sponsor-licence-number': 'TNBHDW2R7',
      });
      expect(unknown.statusCode).toBe(200);
      expect(renderedFrom(unknown.body).outcome).toEqual({ statusLinkRecovery: { kind: 'sent' } });
      expect(await listJobs(database.db, { kind: 'send-status-link' })).toEqual([]);
    });
  });
});
