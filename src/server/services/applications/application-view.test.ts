import { describe, expect, it } from 'vitest';
import { purgePersonalData } from '../../db/application-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { daysAfter, sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { changeApplicationStatus } from '../decisions/change-status.ts';
import { findApplicationView, listApplicationViews, listSubmissionApplicationViews } from './application-view.ts';

const now = new Date('2026-03-02T10:00:00Z');

describe.each(testEngines())('the read model of an application on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('takes the numbers the database compares from their columns, and the other answers as sent', async () => {
    // Typed in lower case: the column holds it upper-case, as compared; the answer as sent.
    const input = sampleSubmission(now, [{ passportNumber: 'ab123456', workerEmail: 'worker@example.org' }, {}]);
    const stored = await storeSubmission(test.db, input, now);
    if (stored.outcome !== 'created') throw new Error('not created');
    const [first, second] = await listSubmissionApplicationViews(test.db, stored.submissionId);

    expect(first).toMatchObject({
      reference: stored.applicants[0]!.applicantId,
      submissionId: stored.submissionId,
      groupReference: input.formGroupId,
      position: 0,
      status: 'in-progress',
      rejectionReason: null,
      submittedAt: now,
      arrivalDate: daysAfter(now, 10),
      leaveDate: daysAfter(now, 40),
      personalDataDeletedAt: null,
      sponsor: {
        name: 'Example Theatre Ltd',
        licenceNumber: 'LIC123456',
        email: 'sponsor@example.org',
        language: 'en',
      },
      worker: {
        name: 'Family0, Given0',
        familyName: 'Family0',
        givenNames: 'Given0',
        passportNumber: 'AB123456',
        cosReference: 'COS0',
        placeOfDeparture: 'Dublin Airport',
        email: 'worker@example.org',
      },
    });
    expect(first?.answers).toEqual({
      concessionForm: input.applicants[0]!.concessionForm,
      secondaryDetails: input.applicants[0]!.secondaryDetails,
    });
    expect(first?.answers?.concessionForm.passportNumber).toBe('ab123456');
    expect(second).toMatchObject({ position: 1, worker: { email: null, passportNumber: 'P00000001' } });
  });

  it('keeps the references, status and dates once the personal data is deleted, and nothing personal', async () => {
    const stored = await storeSubmission(test.db, sampleSubmission(now), now);
    if (stored.outcome !== 'created') throw new Error('not created');
    const reference = stored.applicants[0]!.applicantId;
    await changeApplicationStatus(test.db, reference, { to: 'rejected', reason: 'late', actor: 'test', now });
    const later = new Date('2027-06-01T10:00:00Z');
    await purgePersonalData(test.db, { today: daysAfter(later, 0), retentionDays: 1, now: later });

    const view = await findApplicationView(test.db, reference);
    expect(view).toMatchObject({
      reference,
      status: 'rejected',
      rejectionReason: 'late',
      arrivalDate: daysAfter(now, 10),
      leaveDate: daysAfter(now, 40),
      personalDataDeletedAt: later,
      sponsor: { name: null, licenceNumber: 'LIC123456', email: null },
      worker: null,
      answers: null,
    });
    expect(await findApplicationView(test.db, 'CWC-NO-SUCH-REFERENCE')).toBeUndefined();
  });

  it('lists applications oldest first, with one status when asked', async () => {
    const first = await storeSubmission(test.db, sampleSubmission(now), now);
    const later = new Date(now.getTime() + 60_000);
    const second = await storeSubmission(test.db, sampleSubmission(later), later);
    if (first.outcome !== 'created' || second.outcome !== 'created') throw new Error('not created');
    const approved = second.applicants[0]!.applicantId;
    await changeApplicationStatus(test.db, approved, { to: 'approved', actor: 'test', now: later });

    expect((await listApplicationViews(test.db)).map((a) => a.reference)).toEqual([
      first.applicants[0]!.applicantId,
      approved,
    ]);
    expect((await listApplicationViews(test.db, { status: 'approved' })).map((a) => a.reference)).toEqual([approved]);
  });
});
