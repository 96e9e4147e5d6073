import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { purgePersonalData } from '../db/application-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import type { EmailMessage, EmailSender } from '../email/email-sender.ts';
import { capturingLogger, daysAfter, sampleSubmission } from '../test-support/sample-submissions.ts';
import { createStatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { PermanentJobError } from './job-handler.ts';
import { createSendStatusLinkHandler } from './send-status-link-job.ts';
import { newTestKeyPems } from '../test-support/test-keys.ts';

const now = new Date('2026-03-02T10:00:00Z');
const { privateKeyPem, publicKeyPem } = newTestKeyPems();

describe.each(testEngines())('the send-status-link job on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  async function setUp() {
    const sent: EmailMessage[] = [];
    const emailSender: EmailSender = { send: async (email) => void sent.push(email) };
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://cwc.example.gov.uk' });
    const tokens = await createStatusLinkTokens({ ...config, tokenKeys: { privateKeyPem, publicKeyPem } });
    const handler = createSendStatusLinkHandler({ db: test.db, emailSender, tokens, statusLinkTtlDays: 90 });
    const log = capturingLogger();
    const run = (payload: unknown) => handler(payload, { jobId: 1, attempt: 1, now, logger: log.logger });
    return { sent, tokens, run, log };
  }

  it('emails a freshly signed link to the stored sponsor address, with the references', async () => {
    const { sent, tokens, run, log } = await setUp();
    const stored = await storeSubmission(test.db, sampleSubmission(now, [{}, {}]), now);
    if (stored.outcome !== 'created') throw new Error('not created');
    await run({ submissionId: stored.submissionId });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('sponsor@example.org');
    for (const { applicantId } of stored.applicants)
      expect(sent[0]?.text).toContain(`Application reference: ${applicantId}`);
    const token = /\?epat=([\w.-]+)/.exec(sent[0]?.text ?? '')?.[1] ?? '';
    await expect(tokens.verify(decodeURIComponent(token))).resolves.toEqual({ submissionId: stored.submissionId });
    expect(log.lines.join('\n')).not.toContain('sponsor@example.org');
  });

  it('sends nothing once the personal data is deleted, and fails for good for an unknown submission', async () => {
    const { sent, run } = await setUp();
    const stored = await storeSubmission(test.db, sampleSubmission(now, [{}]), now);
    if (stored.outcome !== 'created') throw new Error('not created');
    await changeApplicationStatus(test.db, stored.applicants[0]!.applicantId, { to: 'approved', actor: 'test', now });
    await purgePersonalData(test.db, { today: daysAfter(now, 400), retentionDays: 180, now });
    await run({ submissionId: stored.submissionId });
    expect(sent).toEqual([]);
    await expect(run({ submissionId: 'no-such-submission' })).rejects.toBeInstanceOf(PermanentJobError);
    await expect(run({})).rejects.toBeInstanceOf(PermanentJobError);
  });
});
