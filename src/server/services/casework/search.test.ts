import { describe, expect, it } from 'vitest';
import { purgePersonalData } from '../../db/application-repository.ts';
import type { Database } from '../../db/database.ts';
import { storeSubmission, type NewApplication, type NewSubmission } from '../../db/submission-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { MAX_SEARCH_RESULTS, searchApplications, type SearchResult } from './search.ts';
import { setApplicationStatus } from './staff-actions.ts';

const now = new Date('2026-03-02T10:00:00Z');

async function store(
  db: Database,
  applicants: ReadonlyArray<Partial<NewApplication>>,
  overrides: Partial<Omit<NewSubmission, 'applicants'>> = {},
  at = now,
): Promise<string[]> {
  const result = await storeSubmission(db, sampleSubmission(at, applicants, overrides), at);
  if (result.outcome !== 'created') throw new Error('not created');
  return result.applicants.map((a) => a.applicantId);
}

const references = (result: SearchResult) => (result.outcome === 'ok' ? result.hits.map((h) => h.reference) : result);
const matches = (result: SearchResult) =>
  result.outcome === 'ok' ? result.hits.map((h) => [h.reference, h.matchedBy]) : result;

describe.each(testEngines())('the caseworker search on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const search = (query: string) => searchApplications({ database: test.db, now: () => now }, { query });

  it('finds an application by its reference typed any way the CLI reads it', async () => {
    const [id] = await store(test.db, [{}]);
    const reference = id!;
    const sloppy = reference.toLowerCase().replace(/^cwc-/, '').replace(/-/g, ' ');
    for (const typed of [reference, ` ${reference.toLowerCase()} `, sloppy]) {
      expect(matches(await search(typed)), typed).toEqual([[reference, ['reference']]]);
    }
  });

  it('finds by certificate of sponsorship number, passport number and sponsor licence number, compared as elsewhere', async () => {
    const [cos] = await store(test.db, [{ cosReference: 'C4X 9K2 7TT1' }]);
    const [passport] = await store(test.db, [{ passportNumber: 'ZX9988776' }]);
    const [licence] = await store(test.db, [{}], { sponsorReference: 'TNB٤٢R7' });
    expect(matches(await search('c4x9k27tt1'))).toEqual([[cos, ['cos', 'name']]]);
    expect(references(await search('zx 998-877 6'))).toEqual([passport]);
    expect(matches(await search('zx 998-877 6'))).toEqual([[passport, ['passport']]]);
    expect(references(await search(' tnb42r7 '))).toEqual([licence]);
    // LIC123456 is every other sample's licence.
    const all = await search('lic123456');
    expect(all.outcome === 'ok' && all.hits.length).toBe(2);
  });

  it('finds a name as the status page does: blind to accents, case, apostrophes and the order of names', async () => {
    const [muller, obrien, other] = await store(test.db, [
      { familyName: 'Müller-Lüdenscheidt', givenNames: 'Zoë' },
      { familyName: 'O’Brien', givenNames: 'Seán' },
      { familyName: 'Smith', givenNames: 'Jo' },
    ]);
    expect(references(await search('zoe muller'))).toEqual([muller]);
    expect(references(await search('LUDENSCHEIDT'))).toEqual([muller]);
    expect(references(await search("sean o'brien"))).toEqual([obrien]);
    expect(references(await search('obrien'))).toEqual([obrien]);
    expect(references(await search('nobody'))).toEqual([]);
    expect(references(await search('smith jo'))).toEqual([other]);
  });

  it('finds an application whose personal data was deleted by its reference only', async () => {
    const [purged] = await store(test.db, [{ familyName: 'Purged', passportNumber: 'PP1234567' }], {
      sponsorReference: 'OLD1',
    });
    await setApplicationStatus(
      { database: test.db, now: () => now },
      { id: 's', name: 'S' },
      { action: 'approve', reference: purged! },
    );
    await purgePersonalData(test.db, { today: '2027-06-01', retentionDays: 30, now });
    expect(references(await search('purged'))).toEqual([]);
    expect(references(await search('PP1234567'))).toEqual([]);
    expect(references(await search('OLD1'))).toEqual([]);
    const found = await search(purged!);
    expect(found.outcome === 'ok' && found.hits).toEqual([
      expect.objectContaining({ reference: purged, workerName: null, status: 'approved', matchedBy: ['reference'] }),
    ]);
  });

  it('answers at most 50, newest first, saying there were more', async () => {
    for (let i = 0; i < 6; i += 1) {
      await store(
        test.db,
        Array.from({ length: 10 }, () => ({ familyName: 'Jones' })),
        {},
        new Date(now.getTime() + i * 60_000),
      );
    }
    const result = await search('jones');
    expect(result).toMatchObject({ outcome: 'ok', more: true, namesAllSearched: true });
    if (result.outcome !== 'ok') throw new Error('not ok');
    expect(result.hits).toHaveLength(MAX_SEARCH_RESULTS);
    expect(result.hits[0]?.submittedAt).toEqual(new Date(now.getTime() + 5 * 60_000));
  });

  it('refuses an empty, overlong or hidden-character query', async () => {
    expect(await search('  ')).toEqual({ outcome: 'invalid', field: 'query', problem: 'required' });
    expect(await search('x'.repeat(201))).toEqual({ outcome: 'invalid', field: 'query', problem: 'too-long' });
    expect(await search('ab\u0000c')).toEqual({ outcome: 'invalid', field: 'query', problem: 'characters' });
  });
});
