import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { issuedPdf } from '../test-support/sample-documents.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findApplication, listStatusChanges, purgePersonalData } from '../db/application-repository.ts';
import { listJobs } from '../db/job-repository.ts';
import { listStaffActions } from '../db/staff-audit-repository.ts';
import { isPassportLostOrStolen } from '../db/lost-stolen-passport-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { sampleSubmission } from '../test-support/sample-submissions.ts';
import { LOCKOUT_MS, attemptLicence, listLicenceUnlocks } from '../db/status-access-repository.ts';
import { parsePassportList, runCaseworkerCommand, usage } from './caseworker-commands.ts';
import { loadConfig } from '../config.ts';
import { checkClearanceForPublic } from '../services/documents/check-clearance.ts';
import { createDocumentService } from '../services/documents/document-service.ts';
import { TEST_DOCUMENT_PRIVATE_KEY } from '../test-support/test-keys.ts';
import { createDocumentTokens } from '../tokens/document-tokens.ts';
import { listSubmissionApplicationViews } from '../services/applications/application-view.ts';

const now = new Date('2026-03-02T10:00:00Z');
const documentTokens = createDocumentTokens({
  ...loadConfig({ NODE_ENV: 'test' }),
  documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
});

describe('reading a lost or stolen passport list', () => {
  it('reads one number per line, normalised, reporting bad lines by number', () => {
    expect(parsePassportList('ab123456\n\n  cd 654 321 \r\nX\n"EF-000111"\n')).toEqual({
      numbers: ['AB123456', 'CD654321', 'EF000111'],
      invalidLines: [4],
    });
  });

  it('reads the passport_number column of a CSV, wherever it is', () => {
    const csv =
      '\uFEFFreported,Passport Number,country\n2026-01-01,ab123456,FRA\n"2026-01-02, late",cd654321,IRL\n2026-01-03,,GBR\n';
    expect(parsePassportList(csv)).toEqual({ numbers: ['AB123456', 'CD654321'], invalidLines: [4] });
  });

  it('reads a cell whose quote never closes up to the end of its line', () => {
    expect(parsePassportList('country,passport_number\nFRA,"ab123456\nIRL,cd654321\n')).toEqual({
      numbers: ['AB123456', 'CD654321'],
      invalidLines: [],
    });
  });

  it('refuses a CSV without that column', () => {
    expect(parsePassportList('number,country\nAB123456,FRA\n')).toEqual({
      problem: 'The CSV has no passport_number column in its first line',
    });
  });
});

describe.each(testEngines())('caseworker commands on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let dir: string;
  let out: string;
  let err: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caseworker-'));
    out = '';
    err = '';
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (...args: string[]) =>
    runCaseworkerCommand(args, {
      io: { stdout: (text) => void (out += text), stderr: (text) => void (err += text) },
      openDatabase: async () => test.db,
      actor: 'caseworker:ann',
      now: () => now,
      documentTokens: () => documentTokens,
    });

  async function store(count = 2): Promise<string[]> {
    const result = await storeSubmission(
      test.db,
      sampleSubmission(
        now,
        Array.from({ length: count }, () => ({})),
      ),
      now,
    );
    if (result.outcome !== 'created') throw new Error('not created');
    return result.applicants.map((a) => a.applicantId);
  }

  it('refuses a reference holding a control or bidi character before it reaches the database', async () => {
    for (const command of ['show', 'approve', 'withdraw', 'unlock']) {
      for (const character of ['\u0000', '\u001B', '\u202E']) {
        err = '';
        expect(await run(command, `CWC-7K3M9${character}`), command).toBe(1);
        expect(err, command).toContain('The application reference holds a control or bidirectional character');
        expect(err, command).not.toContain(character);
      }
    }
    expect(await run('reject', 'x\u0000y', '--reason', 'late')).toBe(1);
  });

  it('lists applications with their status, reason, date, COS number and name', async () => {
    const [first, second] = await store();
    await run('reject', second ?? '', '--reason', 'routing');
    out = '';
    expect(await run('list')).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^APPLICANT ID\s+STATUS\s+REASON\s+CREATED\s+COS NUMBER\s+NAME$/);
    expect(lines[1]).toMatch(new RegExp(`^${first}\\s+in-progress\\s+02/03/2026 10:00\\s+COS0\\s+Family0, Given0$`));
    expect(lines[2]).toMatch(
      new RegExp(`^${second}\\s+rejected\\s+routing\\s+02/03/2026 10:00\\s+COS1\\s+Family1, Given1$`),
    );
    expect(lines[3]).toBe('2 applications');

    out = '';
    expect(await run('list', '--status', 'rejected')).toBe(0);
    expect(out).toContain(second);
    expect(out).not.toContain(first);
    expect(out).toContain('1 application rejected');
  });

  it('shows every detail of an application and its history', async () => {
    const [id] = await store(1);
    await run('approve', id ?? '');
    out = '';
    expect(await run('show', id ?? '')).toBe(0);
    expect(out).toMatch(/Status\s+approved/);
    expect(out).toMatch(/Passport number\s+P00000000/);
    expect(out).toMatch(/Sponsor licence number\s+LIC123456/);
    expect(out).toContain('  dateOfBirth: 1990-01-31');
    expect(out).toMatch(/History:\nWHEN\s+BY\s+FROM\s+TO\s+NOTE\n/);
    expect(out).toMatch(/02\/03\/2026 10:00\s+submission\s+in-progress/);
    expect(out).toMatch(/caseworker:ann\s+in-progress\s+approved/);
  });

  it('lists and shows a worker whose passport shows only one name by that name alone (decision 029)', async () => {
    const result = await storeSubmission(
      test.db,
      sampleSubmission(now, [{ familyName: 'Suharto', givenNames: '' }]),
      now,
    );
    if (result.outcome !== 'created') throw new Error('not created');
    const id = result.applicants[0]!.applicantId;
    expect(await run('list')).toBe(0);
    expect(out).toMatch(/COS0\s+Suharto\n/);
    out = '';
    expect(await run('show', id)).toBe(0);
    expect(out).toMatch(/\nName\s+Suharto\n/);
  });

  it('keeps terminal control codes in the data from reaching the screen', async () => {
    const result = await storeSubmission(
      test.db,
      sampleSubmission(now, [{ familyName: 'Evil\u001b[2J\u001b]0;x\u0007' }]),
      now,
    );
    if (result.outcome !== 'created') throw new Error('not created');
    await run('list');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('Evil\uFFFD[2J');
  });

  it('approves, rejects and withdraws, audited as the caseworker, emailing each', async () => {
    const [a, b] = await store();
    expect(await run('approve', a ?? '')).toBe(0);
    expect(out).toBe(`Application ${a} is now approved, was in-progress. The sponsor will be emailed.\n`);
    expect(await run('reject', b ?? '', '--reason=credibility')).toBe(0);
    out = '';
    expect(await run('withdraw', a ?? '')).toBe(0);
    expect(out).toBe(`Application ${a} is now withdrawn, was approved. The sponsor will be emailed.\n`);
    expect(err).toBe('');
    expect(await findApplication(test.db, a ?? '')).toMatchObject({ status: 'withdrawn' });
    expect(await findApplication(test.db, b ?? '')).toMatchObject({
      status: 'rejected',
      decisionReason: 'credibility',
    });
    expect((await listStatusChanges(test.db, b ?? '')).at(-1)).toMatchObject({
      actor: 'caseworker:ann',
      reason: 'credibility',
      changedAt: now,
    });
    // One email job for the submission, which both decisions wait for (decision 014).
    const submissionId = (await findApplication(test.db, a ?? ''))?.submissionId;
    expect((await listJobs(test.db, { kind: 'send-decisions' })).map((j) => j.payload)).toEqual([{ submissionId }]);
    // And the withdrawal's own email job, enqueued with it.
    expect((await listJobs(test.db, { kind: 'send-withdrawal' })).map((j) => j.payload)).toEqual([{ applicantId: a }]);
  });

  it('writes each action to the staff audit log as the CLI’s member of staff, with the reason or note typed', async () => {
    const [a, b, c] = await store(3);
    expect(await run('approve', a ?? '')).toBe(0);
    expect(await run('reject', b ?? '', '--reason', 'late', '--note', 'Arrives tomorrow')).toBe(0);
    expect(await run('withdraw', c ?? '', '--reason', 'The tour is cancelled')).toBe(0);
    expect(await run('unlock', c ?? '')).toBe(0);
    expect(err).toBe('');
    const { lines } = await listStaffActions(test.db, {}, { limit: 10, offset: 0 });
    expect(lines.map((l) => [l.action, l.staffId, l.staffName, l.applicantId, l.reason, l.note]).reverse()).toEqual([
      ['approve', 'cli:ann', 'ann', a, null, null],
      ['reject', 'cli:ann', 'ann', b, 'late', 'Arrives tomorrow'],
      ['withdraw', 'cli:ann', 'ann', c, null, 'The tour is cancelled'],
      ['unlock', 'cli:ann', 'ann', c, null, null],
    ]);
  });

  it('refuses a note or reason holding personal data, changing nothing', async () => {
    const [a] = await store(1);
    expect(await run('withdraw', a ?? '', '--reason', 'Emailed sponsor@example.org')).toBe(1);
    expect(err).toMatch(/^The reason seems to hold personal data/);
    expect(await findApplication(test.db, a ?? '')).toMatchObject({ status: 'in-progress' });
  });

  it('says who a withdrawal emails: the worker too when they gave an address', async () => {
    const result = await storeSubmission(test.db, sampleSubmission(now, [{ workerEmail: 'worker@example.org' }]), now);
    if (result.outcome !== 'created') throw new Error('not created');
    const id = result.applicants[0]?.applicantId ?? '';
    expect(await run('withdraw', id)).toBe(0);
    expect(out).toBe(
      `Application ${id} is now withdrawn, was in-progress. The sponsor and the worker will be emailed.\n`,
    );
    expect(err).toBe('');
    expect((await listJobs(test.db, { kind: 'send-withdrawal' })).map((j) => j.payload)).toEqual([{ applicantId: id }]);
  });

  it('says a withdrawal emails no one once the personal data has been deleted', async () => {
    const [id] = await store(1);
    await run('approve', id ?? '');
    // Its leave date (40 days on) long past.
    expect(await purgePersonalData(test.db, { today: '2027-01-01', retentionDays: 30, now })).toEqual({
      applications: 1,
      submissions: 1,
    });
    out = '';
    expect(await run('withdraw', id ?? '')).toBe(0);
    expect(out).toBe(
      `Application ${id} is now withdrawn, was approved. No one will be emailed: the personal data has been deleted.\n`,
    );
  });

  const refusals: Array<[string, string[], RegExp]> = [
    ['an unknown command', ['frobnicate'], /^Unknown command "frobnicate"\n\nUsage:/],
    ['a command named like an object property', ['constructor', '--x'], /^Unknown command "constructor"/],
    ['no command', [], /^No command given/],
    ['a missing id', ['approve'], /^approve needs the application reference/],
    ['two ids', ['approve', 'a', 'b'], /^approve takes one application reference, not 2/],
    ['an unlock without a reference', ['unlock'], /^unlock needs the application reference/],
    ['unlocking an unknown reference', ['unlock', 'no-such-id'], /^No application has the id no-such-id\n$/],
    ['a rejection without a reason', ['reject', 'x'], /^reject needs --reason: one of late, credibility, routing/],
    ['an unknown reason', ['reject', 'x', '--reason', 'vibes'], /^Unknown reason "vibes"/],
    ['a reason option without a value', ['reject', 'x', '--reason'], /^The option --reason needs a value/],
    ['an unknown option', ['approve', 'x', '--force', 'yes'], /^Unknown option --force for approve/],
    [
      'a reason option followed by another option',
      ['reject', 'x', '--reason', '--status'],
      /^The option --reason needs a value/,
    ],
    ['an option of another command', ['approve', 'x', '--status', 'approved'], /^Unknown option --status for approve/],
    ['an unknown status', ['list', '--status', 'pending'], /^Unknown status "pending"/],
    ['an unknown id', ['approve', 'no-such-id'], /^No application has the id no-such-id\n$/],
    ['showing an unknown id', ['show', 'no-such-id'], /^No application has the id no-such-id\n$/],
    ['a missing file', ['import-lost-stolen', '/no/such/file.csv'], /^Cannot read \/no\/such\/file\.csv \(ENOENT\)/],
  ];
  it.each(refusals)('refuses %s with exit code 1 and a message on stderr', async (_name, args, message) => {
    expect(await run(...args)).toBe(1);
    expect(err).toMatch(message);
    expect(out).toBe('');
  });

  it('takes the application reference in any case, without dashes or prefix, wherever it takes an id', async () => {
    const [a, b, c] = await store(3);
    const sloppy = (reference: string) => reference.toLowerCase().replace(/^CWC-/i, '').replace(/-/g, '');
    expect(await run('show', sloppy(a ?? ''))).toBe(0);
    expect(out).toMatch(new RegExp(`Applicant id\\s+${a}`));
    out = '';
    expect(await run('approve', ` ${(a ?? '').toLowerCase()} `)).toBe(0);
    expect(out).toBe(`Application ${a} is now approved, was in-progress. The sponsor will be emailed.\n`);
    expect(await run('reject', `cwc${sloppy(b ?? '')}`, '--reason', 'late')).toBe(0);
    expect(await run('withdraw', (c ?? '').replace(/-/g, ' '))).toBe(0);
    expect(err).toBe('');
    expect((await findApplication(test.db, b ?? ''))?.status).toBe('rejected');
    expect((await findApplication(test.db, c ?? ''))?.status).toBe('withdrawn');
    // One character wrong: not a reference, so looked up as typed, and not found.
    const typo = `${(a ?? '').slice(0, -1)}${(a ?? '').endsWith('0') ? '1' : '0'}`;
    expect(await run('show', typo)).toBe(1);
    expect(err).toBe(`No application has the id ${typo}\n`);
  });

  it('unlocks the licence of the submission an application belongs to, clearing its failures, audited', async () => {
    const result = await storeSubmission(test.db, sampleSubmission(now, [{}, {}]), now);
    if (result.outcome !== 'created') throw new Error('not created');
    const { submissionId } = result;
    const second = result.applicants[1]?.applicantId ?? '';
    const attempt = (licence: string, at: Date) =>
      attemptLicence(test.db, submissionId, '203.0.113.7', (stored) => stored === licence, at);
    for (let i = 1; i <= 5; i += 1)
      expect(await attempt('WRONG', new Date(now.getTime() - (10 - i) * 60_000))).toBe('mismatch');
    expect(await attempt('LIC123456', now)).toBe('locked');

    expect(await run('unlock', second.toLowerCase())).toBe(0);
    expect(out).toBe(
      `The submission of application ${second} was locked since 02/03/2026 09:55: unlocked; 5 failed attempts cleared.\n`,
    );
    expect(await attempt('LIC123456', now)).toBe('ok');
    // The count starts again: four more failures do not lock, a fifth does.
    for (let i = 1; i <= 4; i += 1) expect(await attempt('WRONG', now)).toBe('mismatch');
    expect(await attempt('LIC123456', now)).toBe('ok');
    expect(await attempt('WRONG', now)).toBe('mismatch');
    expect(await attempt('LIC123456', now)).toBe('locked');

    out = '';
    expect(await run('unlock', second)).toBe(0);
    expect(out).toBe(
      `The submission of application ${second} was locked since 02/03/2026 10:00: unlocked; 5 failed attempts cleared.\n`,
    );
    out = '';
    expect(await run('unlock', second)).toBe(0);
    expect(out).toBe(`The submission of application ${second} was not locked; 0 failed attempts cleared.\n`);
    expect(await listLicenceUnlocks(test.db, submissionId)).toEqual([
      {
        submissionId,
        applicantId: second,
        unlockedAt: now,
        actor: 'caseworker:ann',
        lockoutBeganAt: new Date(now.getTime() - 5 * 60_000),
        failuresCleared: 5,
      },
      {
        submissionId,
        applicantId: second,
        unlockedAt: now,
        actor: 'caseworker:ann',
        lockoutBeganAt: now,
        failuresCleared: 5,
      },
      {
        submissionId,
        applicantId: second,
        unlockedAt: now,
        actor: 'caseworker:ann',
        lockoutBeganAt: undefined,
        failuresCleared: 0,
      },
    ]);
    expect(err).toBe('');
  });

  it('does not call a lockout whose hour is over a lockout', async () => {
    const result = await storeSubmission(test.db, sampleSubmission(now, [{}]), now);
    if (result.outcome !== 'created') throw new Error('not created');
    const earlier = new Date(now.getTime() - LOCKOUT_MS - 10 * 60_000);
    for (let i = 0; i < 5; i += 1)
      await attemptLicence(test.db, result.submissionId, '203.0.113.7', () => false, earlier);
    expect(await run('unlock', result.applicants[0]?.applicantId ?? '')).toBe(0);
    expect(out).toMatch(/was not locked; 5 failed attempts cleared\.\n$/);
  });

  it('refuses nonsensical changes, saying why', async () => {
    const [id] = await store(1);
    await run('withdraw', id ?? '');
    err = '';
    expect(await run('approve', id ?? '')).toBe(1);
    expect(err).toBe(
      `Application ${id} is withdrawn and cannot be approved: a withdrawn application cannot be changed\n`,
    );
    const [other] = await store(1);
    await run('approve', other ?? '');
    err = '';
    expect(await run('approve', other ?? '')).toBe(1);
    expect(err).toBe(`Application ${other} is already approved\n`);
  });

  it('prints the usage for help, without opening the database', async () => {
    const opened: string[] = [];
    const code = await runCaseworkerCommand(['help'], {
      io: { stdout: (text) => void (out += text), stderr: (text) => void (err += text) },
      openDatabase: async () => {
        opened.push('db');
        return test.db;
      },
      actor: 'caseworker:ann',
      documentTokens: () => documentTokens,
    });
    expect(code).toBe(0);
    expect(out).toBe(usage);
    expect(opened).toEqual([]);
  });

  it('imports a lost or stolen list, counting new numbers and skipping bad lines', async () => {
    const file = join(dir, 'lost.csv');
    await writeFile(file, 'passport_number\nab123456\nCD654321\nAB123456\n!!\n');
    expect(await run('import-lost-stolen', file)).toBe(0);
    expect(out).toBe('Imported 2 new passport numbers; 0 already on the list.\n');
    expect(err).toBe('Skipped 1 line(s) that are not 3 to 15 letters and digits: line 5\n');
    out = '';
    await writeFile(file, 'CD654321\nEF111222\n');
    expect(await run('import-lost-stolen', file)).toBe(0);
    expect(out).toBe('Imported 1 new passport number; 1 already on the list.\n');
    expect(await isPassportLostOrStolen(test.db, 'AB123456')).toBe(true);
    expect(await isPassportLostOrStolen(test.db, 'EF111222')).toBe(true);
  });

  it('verifies a downloaded document: its QR codes’ signatures and what the check page says, by file or by code', async () => {
    const stored = await storeSubmission(test.db, sampleSubmission(now, [{}, {}]), now);
    if (stored.outcome !== 'created') throw new Error('not created');
    for (const { applicantId } of stored.applicants) await run('approve', applicantId);
    const applications = await listSubmissionApplicationViews(test.db, stored.submissionId);
    const documents = createDocumentService({ database: test.db, now: () => now, tokens: () => documentTokens });
    const pdf = issuedPdf(await documents.issue(applications));
    const file = join(dir, 'pre-clearance.pdf');
    await writeFile(file, pdf);

    out = '';
    expect(await run('verify', file)).toBe(0);
    expect(out.match(/QR code signature: verifies against the published keys/g)).toHaveLength(2);
    expect(out.match(/The check page says: valid \(checked 02\/03\/2026 10:00\)/g)).toHaveLength(2);
    expect(out).toContain('Family1, Given1');
    const code = /check code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z])/.exec(out)?.[1] ?? '';

    // One character of the first token's claims changed: its signature no longer holds.
    const text = pdf.toString('latin1');
    const token = /check-a-clearance\?t=([\w.-]+)/.exec(text)?.[1] ?? '';
    const [header, claims, signature] = token.split('.');
    const altered = `${header}.${claims!.slice(0, 10)}${claims![10] === 'A' ? 'B' : 'A'}${claims!.slice(11)}.${signature}`;
    await writeFile(file, Buffer.from(text.replaceAll(token, altered), 'latin1'));
    out = '';
    expect(await run('verify', file)).toBe(1);
    expect(out).toContain('QR code signature: does NOT verify against the published keys');
    expect(out).toContain('The check page says: not valid');

    // Checks from the public are recorded, and the caseworker sees them with the application.
    await checkClearanceForPublic(
      { database: test.db, documents, now: () => now },
      { kind: 'code', checkCode: code, dateOfBirth: '1990-01-30' },
    );
    out = '';
    expect(await run('show', applications[0]!.reference)).toBe(0);
    expect(out).toContain('Checks of its pre-clearance documents (newest first):');
    expect(out).toMatch(new RegExp(`02/03/2026 10:00\\s+typed\\s+${code}\\s+not-valid`));

    out = '';
    expect(await run('verify', code.toLowerCase().replace(/-/g, ' '))).toBe(0);
    expect(out).toContain(`Check code             ${code}`);
    await run('withdraw', applications[0]!.reference);
    out = '';
    expect(await run('verify', code)).toBe(1);
    expect(out).toBe('The check page says: withdrawn on 02/03/2026 10:00 (checked 02/03/2026 10:00)\n');
    out = '';
    expect(await run('verify', 'AAAA-AAAA-A')).toBe(1);
    expect(out).toBe('The check page says: not valid (checked 02/03/2026 10:00)\n');
    expect(await run('verify', join(dir, 'missing.pdf'))).toBe(1);
    expect(err).toContain('Cannot read');
  });
});
