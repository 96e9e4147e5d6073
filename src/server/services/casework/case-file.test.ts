import { describe, expect, it } from 'vitest';
import { isPassportLostOrStolen } from '../../db/lost-stolen-passport-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { changeApplicationStatus } from '../decisions/change-status.ts';
import { addToLostStolenList, listCases, readCaseFile } from './case-file.ts';

const now = new Date('2026-03-02T10:00:00Z');

describe.each(testEngines())('what the CLI reads of applications on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('reads one application with its status history, oldest first, and none for an unknown reference', async () => {
    const stored = await storeSubmission(test.db, sampleSubmission(now), now);
    if (stored.outcome !== 'created') throw new Error('not created');
    const reference = stored.applicants[0]!.applicantId;
    const later = new Date(now.getTime() + 60_000);
    await changeApplicationStatus(test.db, reference, { to: 'approved', actor: 'caseworker:ann', now: later });

    const file = await readCaseFile(test.db, reference);
    expect(file?.application).toMatchObject({ reference, status: 'approved', worker: { familyName: 'Family0' } });
    expect(file?.statusChanges.map((c) => [c.actor, c.fromStatus, c.toStatus])).toEqual([
      ['submission', null, 'in-progress'],
      ['caseworker:ann', 'in-progress', 'approved'],
    ]);
    expect(file?.clearanceChecks).toEqual([]);
    expect(await readCaseFile(test.db, 'CWC-NO-SUCH-REFERENCE')).toBeUndefined();
    expect((await listCases(test.db, 'approved')).map((a) => a.reference)).toEqual([reference]);
    expect(await listCases(test.db, 'rejected')).toEqual([]);
  });

  it('adds passport numbers to the lost or stolen list once each, counting only the new ones', async () => {
    expect(await addToLostStolenList(test.db, ['AB123456', 'CD654321', 'AB123456'], 'import:first.csv', now)).toBe(2);
    expect(await addToLostStolenList(test.db, ['CD654321', 'EF000111'], 'import:second.csv', now)).toBe(1);
    expect(await addToLostStolenList(test.db, [], 'import:empty.csv', now)).toBe(0);
    for (const number of ['AB123456', 'CD654321', 'EF000111'])
      expect(await isPassportLostOrStolen(test.db, number)).toBe(true);
  });
});
