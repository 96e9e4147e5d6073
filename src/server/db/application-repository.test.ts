import { describe, expect, it } from 'vitest';
import { sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { findApplication, listApplicationsOfSubmission, StoredPayloadError } from './application-repository.ts';
import { storeSubmission } from './submission-repository.ts';

const now = new Date('2026-03-02T10:00:00Z');

describe.each(testEngines())('reading applications on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  async function storeOne(): Promise<string> {
    const result = await storeSubmission(test.db, sampleSubmission(now), now);
    if (result.outcome !== 'created') throw new Error('expected created');
    return result.applicants[0]!.applicantId;
  }

  it('reads the stored payload back as it was stored', async () => {
    const input = sampleSubmission(now, [{ workerEmail: 'worker@example.org' }]);
    const result = await storeSubmission(test.db, input, now);
    if (result.outcome !== 'created') throw new Error('expected created');
    const [application] = await listApplicationsOfSubmission(test.db, result.submissionId);
    expect(application?.concessionForm).toEqual(input.applicants[0]?.concessionForm);
    expect(application?.secondaryDetails).toEqual(input.applicants[0]?.secondaryDetails);
    expect(application?.secondaryDetails?.workerEmailAddress).toBe('worker@example.org');
  });

  it('refuses a stored payload that no longer matches the schema, naming the field but not its value', async () => {
    const applicantId = await storeOne();
    await test.db.query(
      `UPDATE applications SET concession_form = concession_form || '{"carrier": 42}'::jsonb WHERE applicant_id = $1`,
      [applicantId],
    );
    const read = findApplication(test.db, applicantId);
    await expect(read).rejects.toThrow(StoredPayloadError);
    await expect(read).rejects.toThrow(
      `Application ${applicantId}: the stored concessionForm does not match the payload schema: carrier is not string`,
    );

    await test.db.query(
      `UPDATE applications SET secondary_details = secondary_details - 'familyName' WHERE applicant_id = $1`,
      [applicantId],
    );
    await test.db.query(
      `UPDATE applications SET concession_form = concession_form || '{"carrier": "Aer Lingus"}'::jsonb WHERE applicant_id = $1`,
      [applicantId],
    );
    const error = await findApplication(test.db, applicantId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoredPayloadError);
    expect((error as Error).message).toContain(
      'secondaryDetails does not match the payload schema: familyName missing',
    );
    expect((error as Error).message).not.toContain('Family0');
  });
});
