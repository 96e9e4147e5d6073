import { describe, expect, it } from 'vitest';
import { purgePersonalData } from '../../db/application-repository.ts';
import { recordDocumentIssues } from '../../db/document-repository.ts';
import { addLostStolenPassports } from '../../db/lost-stolen-passport-repository.ts';
import { attemptLicence } from '../../db/status-access-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { decideApplication } from '../decisions/decide-application.ts';
import { applicationDetail, type ApplicationDetail } from './application-detail.ts';
import { resendStatusLink, setApplicationStatus, unlockSubmissionLicence } from './staff-actions.ts';

const now = new Date('2026-03-02T10:00:00Z');
const later = new Date('2026-03-02T11:00:00Z');
const ann = { id: 'subject-ann', name: 'Ann' };

describe.each(testEngines())('an application’s page on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const deps = (at = later) => ({ database: test.db, now: () => at });

  async function store(count = 2) {
    const result = await storeSubmission(
      test.db,
      sampleSubmission(
        now,
        Array.from({ length: count }, () => ({})),
      ),
      now,
    );
    if (result.outcome !== 'created') throw new Error('not created');
    return { ids: result.applicants.map((a) => a.applicantId), submissionId: result.submissionId };
  }

  async function detail(reference: string): Promise<ApplicationDetail> {
    const result = await applicationDetail(deps(), { reference });
    if (result.outcome !== 'ok') throw new Error(`not ok: ${result.outcome}`);
    return result.application;
  }

  it('shows the answers, the sponsor, the checks, the group and what may be done while in progress', async () => {
    const { ids, submissionId } = await store();
    const [first, second] = ids as [string, string];
    await decideApplication(test.db, first, { manualReview: true, now });
    const page = await detail(first.toLowerCase());
    expect(page).toMatchObject({
      reference: first,
      submissionId,
      status: 'in-progress',
      waiting: { hoursWaited: 1, state: 'within', hoursLeft: 71 },
      worker: {
        name: 'Family0, Given0',
        passportNumber: 'P00000000',
        cosReference: 'COS0',
        placeOfDeparture: 'Dublin Airport',
      },
      sponsor: {
        name: 'Example Theatre Ltd',
        licenceNumber: 'LIC123456',
        email: 'sponsor@example.org',
        language: 'en',
      },
      licence: { lockedSince: undefined, failedAttempts: 0 },
      automatedChecks: {
        recorded: { outcome: 'passed', approved: false, at: now },
        rechecked: {
          available: true,
          at: later,
          checks: [
            { check: 'late', passed: true },
            { check: 'routing', passed: true },
            { check: 'credibility', passed: true },
          ],
        },
      },
    });
    expect(page.answers?.secondaryDetails.dateOfBirth).toBe('1990-01-31');
    expect(page.answers?.concessionForm.certificateOfSponsorshipReferenceNumber).toBe('COS0');
    expect(page.group.map((m) => [m.reference, m.current])).toEqual([
      [first, true],
      [second, false],
    ]);
    expect(page.actions.map((a) => a.action)).toEqual(['approve', 'reject', 'withdraw', 'resend-status-link']);
    expect(page.actions[1]).toEqual({
      action: 'reject',
      reasons: ['late', 'credibility', 'routing'],
      noteMaxLength: 1000,
    });
  });

  it('shows each check rechecked now, apart, beside the one failure recorded', async () => {
    const { ids } = await store(1);
    const id = ids[0]!;
    await addLostStolenPassports(test.db, ['P00000000'], 'test', now);
    const notIrish = () => false;
    await decideApplication(test.db, id, { manualReview: false, now, isPlaceOfDepartureInIreland: notIrish });
    const result = await applicationDetail({ ...deps(), isPlaceOfDepartureInIreland: notIrish }, { reference: id });
    expect(result.outcome === 'ok' && result.application.automatedChecks).toEqual({
      recorded: { outcome: 'failed', check: 'routing', at: now },
      rechecked: {
        available: true,
        at: later,
        checks: [
          { check: 'late', passed: true },
          { check: 'routing', passed: false },
          { check: 'credibility', passed: false },
        ],
      },
    });
    expect(result.outcome === 'ok' && result.application.actions.map((a) => a.action)).toEqual([
      'withdraw',
      'resend-status-link',
    ]);
  });

  it('tells the whole history: status changes with who and why, unlocks, staff actions, documents', async () => {
    const { ids, submissionId } = await store();
    const [first, second] = ids as [string, string];
    for (let i = 0; i < 3; i += 1) await attemptLicence(test.db, submissionId, '203.0.113.7', () => false, now);
    expect((await detail(first)).actions.map((a) => a.action)).toContain('unlock');
    const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
    await unlockSubmissionLicence(deps(minutes(1)), ann, { reference: second });
    await resendStatusLink(deps(minutes(2)), ann, { reference: first });
    await setApplicationStatus(deps(minutes(3)), ann, {
      action: 'reject',
      reference: first,
      reason: 'late',
      note: 'Arrives in two days',
    });
    await recordDocumentIssues(test.db, { keyId: 'k1', publicJwk: { kty: 'EC' } }, [
      { checkCode: 'AAAA-BBBB-C', applicantId: first, keyId: 'k1', issuedAt: later },
    ]);
    const page = await detail(first);
    expect(page.history).toEqual([
      expect.objectContaining({
        kind: 'status-change',
        by: { kind: 'service', actor: 'submission' },
        to: 'in-progress',
      }),
      expect.objectContaining({
        kind: 'licence-unlock',
        by: { kind: 'staff', id: ann.id, name: ann.name },
        reference: second,
        failuresCleared: 3,
      }),
      expect.objectContaining({
        kind: 'staff-action',
        action: 'resend-status-link',
        by: expect.objectContaining({ id: ann.id }),
      }),
      expect.objectContaining({
        kind: 'status-change',
        by: { kind: 'staff', id: ann.id, name: ann.name },
        from: 'in-progress',
        to: 'rejected',
        reason: 'late',
        staffNote: 'Arrives in two days',
      }),
      { kind: 'document-issued', at: later, checkCode: 'AAAA-BBBB-C' },
    ]);
    expect(page.actions.map((a) => a.action)).toEqual(['withdraw', 'resend-status-link']);
  });

  it('shows a withdrawn application whose personal data is gone, with nothing left to do', async () => {
    const { ids } = await store(1);
    const id = ids[0]!;
    await setApplicationStatus(deps(now), ann, { action: 'withdraw', reference: id, reason: 'Cancelled' });
    await purgePersonalData(test.db, { today: '2027-06-01', retentionDays: 30, now });
    const page = await detail(id);
    expect(page).toMatchObject({
      status: 'withdrawn',
      worker: null,
      answers: null,
      sponsor: { name: null, email: null, licenceNumber: 'LIC123456' },
      automatedChecks: { recorded: { outcome: 'not-run' }, rechecked: { available: false } },
      actions: [],
    });
    expect(await applicationDetail(deps(), { reference: 'CWC-00000-00000-0' })).toEqual({
      outcome: 'not-found',
      reference: 'CWC-00000-00000-0',
    });
  });
});
