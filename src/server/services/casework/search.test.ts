import { describe, expect, it } from 'vitest';
import { matchesPersonSearch, personSearchText } from '#shared/search/person-search.ts';
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
    expect(result).toMatchObject({ outcome: 'ok', more: true, total: 60 });
    if (result.outcome !== 'ok') throw new Error('not ok');
    expect(result.hits).toHaveLength(MAX_SEARCH_RESULTS);
    expect(result.hits[0]?.submittedAt).toEqual(new Date(now.getTime() + 5 * 60_000));
  });

  it('refuses an empty, overlong or hidden-character query', async () => {
    expect(await search('  ')).toEqual({ outcome: 'invalid', field: 'query', problem: 'required' });
    expect(await search('x'.repeat(201))).toEqual({ outcome: 'invalid', field: 'query', problem: 'too-long' });
    expect(await search('ab\u0000c')).toEqual({ outcome: 'invalid', field: 'query', problem: 'characters' });
  });

  it('finds an application among more than 20,000 newer ones, by its whole name and a part, and counts every match', async () => {
    const old = new Date(now.getTime() - 2 * 86_400_000);
    const [wanted] = await store(test.db, [{ familyName: 'Ó Fearghaíl', givenNames: 'Saoirse' }], {}, old);
    await seedNewer(test.db, 20_500, now);
    expect(matches(await search('Saoirse Ó Fearghaíl'))).toEqual([[wanted, ['name']]]);
    expect(matches(await search('o fearghail'))).toEqual([[wanted, ['name']]]);
    expect(references(await search('oirse'))).toEqual([wanted]);
    // Every one of the newer ones is searched and counted; the newest are listed.
    const newer = await search('Newer');
    expect(newer).toMatchObject({ outcome: 'ok', total: 20_500, more: true });
    expect(newer.outcome === 'ok' && newer.hits.map((hit) => hit.reference).slice(0, 2)).toEqual([
      'SEED-20500',
      'SEED-20499',
    ]);
    // Worker17, Worker170 to Worker179, Worker1700 to Worker1799 and Worker17000 to Worker17999.
    const part = await search('Worker17');
    expect(part).toMatchObject({ outcome: 'ok', total: 1_111, more: true });
    expect(part.outcome === 'ok' && part.hits[0]?.reference).toBe('SEED-17999');
  });

  it('finds by name exactly whom the status page’s search finds', async () => {
    const people = [
      { givenNames: 'Zoë', familyName: 'Müller-Lüdenscheidt', cosReference: 'C4X9K27TT1' },
      { givenNames: 'Seán', familyName: 'O’Brien', cosReference: 'COS-2' },
      { givenNames: 'Siobhán', familyName: 'Ní Bhriain', cosReference: 'COS 3' },
      { givenNames: 'Jean-Luc', familyName: "D'Artagnan", cosReference: 'FR 77' },
      { givenNames: 'Straße', familyName: 'Øster Łukasz', cosReference: 'DE٤٢' },
      { givenNames: 'ab', familyName: 'cd', cosReference: 'X1' },
      { givenNames: 'محمد', familyName: 'العلي', cosReference: 'AR1' },
      { givenNames: 'Æsa', familyName: 'Þórsdóttir', cosReference: 'IS1' },
      { givenNames: 'Nguyễn Văn', familyName: 'An', cosReference: 'VN1' },
      { givenNames: 'JOSÉ', familyName: 'GARCÍA', cosReference: 'ES1' },
    ];
    const ids = await store(test.db, people);
    const stored = people.map((person, index) => ({ ...person, applicantId: ids[index]! }));
    const reference = ids[0]!;
    // Not punctuation alone, which the status page's search reads as "everyone" and this one as nothing.
    const queries = [
      'zoe',
      'ZOË MÜLLER',
      'muller zoe',
      'ludenscheidt, zoë',
      'zoemuller',
      'mullerzoe',
      'sean obrien',
      "o'brien",
      'o‘brien sean',
      'o brien',
      'nibhriain',
      'ni bhriain siobhan',
      'jean luc',
      'dartagnan',
      'd’artagnan jean-luc',
      'strasse',
      'oster',
      'lukasz',
      'bc da',
      'bc',
      'da',
      'cdab',
      'محمد',
      'العلي محمد',
      'aesa',
      'thorsdottir',
      'nguyen van an',
      'vanan',
      'garcia jose',
      'José García',
      'c4x',
      '9k2 7tt1',
      'cos2',
      'de42',
      'de٤٢',
      'an',
      'a',
      reference.slice(4, 9).toLowerCase(),
      reference.slice(4, 9).replace(/0/g, 'O').replace(/1/g, 'I'),
      reference.slice(10, 16),
      'nobody',
    ];
    for (const query of queries) {
      const result = await search(query);
      if (result.outcome !== 'ok') throw new Error(query);
      const byName = result.hits.filter((hit) => hit.matchedBy.includes('name')).map((hit) => hit.reference);
      const expected = stored
        .filter((person) => matchesPersonSearch(query, person))
        .map((person) => person.applicantId);
      expect(byName.sort(), query).toEqual(expected.sort());
    }
  });

  it('writes the searchable text the shared rule folds, and empties it with the personal data', async () => {
    const [id] = await store(test.db, [{ familyName: 'O’Brien', givenNames: 'Seán', cosReference: 'C4X 9K2' }]);
    const text = async () =>
      (
        await test.db.query<{ text: string | null }>(
          'SELECT search_text AS text FROM applications WHERE applicant_id = $1',
          [id],
        )
      ).rows[0]?.text;
    expect(await text()).toBe(
      personSearchText({ applicantId: id!, familyName: 'O’Brien', givenNames: 'Seán', cosReference: 'C4X 9K2' }),
    );
    expect(await text()).toMatch(/^seanobrien obriensean c4x9k2 cwc/);
    await setApplicationStatus(
      { database: test.db, now: () => now },
      { id: 's', name: 'S' },
      { action: 'approve', reference: id! },
    );
    await purgePersonalData(test.db, { today: '2027-06-01', retentionDays: 30, now });
    expect(await text()).toBeNull();
  });
});

/**
 * `count` applications, one a submission, each a minute after the one before from `from` on, in
 * one statement: SEED-1 to SEED-<count>, named Newer Worker<n>, their searchable text as
 * personSearchText folds such names.
 */
async function seedNewer(db: Database, count: number, from: Date): Promise<void> {
  await db.query(
    `WITH s AS (
       INSERT INTO submissions (id, form_group_id, request_hash, sponsor_name, sponsor_reference, sponsor_email, created_at)
       SELECT 'seed-' || g, 'CWC-SEED-' || g, 'hash', 'Seed Sponsor', 'SEED1', 'seed@example.org',
              $1::timestamptz + g * interval '1 minute'
       FROM generate_series(1, $2::integer) AS g
       RETURNING id, created_at
     )
     INSERT INTO applications (applicant_id, submission_id, position, concession_form, secondary_details,
       passport_number, cos_reference, family_name, given_names, place_of_departure, arrival_date, leave_date,
       created_at, updated_at, search_text)
     SELECT 'SEED-' || n, id, 0, '{}', '{}', 'SEEDP' || n, 'SEEDCOS' || n, 'Worker' || n, 'Newer', 'Dublin',
            '2026-04-01', '2026-05-01', created_at, created_at,
            'newerworker' || n || ' worker' || n || 'newer seedcos' || n || ' seed' || n
     FROM (SELECT id, created_at, substr(id, 6) AS n FROM s) AS seeded`,
    [from, count],
  );
}
