// npm run bench:console: requests per second and latency of the caseworker console's search
// (GET /caseworker/search) among BENCH_APPLICATIONS applications, by each thing a caseworker may
// type: a worker's whole name (an application older than every other), a family name many
// workers share, a passport number, a sponsor licence number, a reference and a COS number. On
// PostgreSQL when DATABASE_URL is set (in a schema of its own, dropped afterwards), else on the
// embedded PGlite in a temporary folder. The applications are seeded in SQL, a year of them in
// submissions of five, most decided; their searchable text is what personSearchText makes of
// such names (plain ASCII, so lower() folds them as it does).
//
// Options (environment): BENCH_APPLICATIONS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (5
// through npm run).
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { StaffSignIn } from '../src/server/console/staff-sign-in.ts';
import type { Database } from '../src/server/db/database.ts';
import { storeSubmission } from '../src/server/db/submission-repository.ts';
import { signedInCaseworker } from '../src/server/console/test-support/console-app.ts';
import { sampleSubmission } from '../src/server/test-support/sample-submissions.ts';
import { measure, openBenchDatabase, printRuns } from './bench-support.ts';

const applications = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const PER_SUBMISSION = 5;
const SPONSORS = 2_000;
/** Statements of this many submissions each, so no one statement holds the whole seed. */
const SEED_CHUNK = 20_000;

const GIVEN = ['Amara', 'Bruno', 'Chen', 'Daria', 'Emeka', 'Farah', 'Goran', 'Hana', 'Ivan', 'Jonas', 'Kofi', 'Lena'];
// 20 × 25 family names, each about 1 in 500 workers: Okafor is one of them.
const FAMILY_STARTS = ['Ok', 'Nov', 'Sil', 'Kow', 'Had', 'Tan', 'Mur', 'San', 'Pet', 'Jen'];
const FAMILY_STARTS_MORE = ['Ad', 'Bal', 'Cor', 'Dan', 'Eze', 'Fer', 'Gar', 'Hol', 'Ibr', 'Kar'];
const FAMILY_ENDS = ['afor', 'ak', 'va', 'alski', 'dad', 'aka', 'phy', 'tos', 'rov', 'sen', 'ams', 'ogun', 'ell'];
const FAMILY_ENDS_MORE = ['iels', 'kiel', 'reira', 'cia', 'land', 'ahim', 'imi', 'enko', 'ovic', 'ani', 'escu', 'berg'];
const STARTS = [...FAMILY_STARTS, ...FAMILY_STARTS_MORE];
const ENDS = [...FAMILY_ENDS, ...FAMILY_ENDS_MORE];

/** Applications BENCH-1 to BENCH-<count>, a year of them up to `now`, each name a given and a family name of the lists, most decided. */
export async function seed(database: Database, count: number, now: Date): Promise<void> {
  const submissions = Math.ceil(count / PER_SUBMISSION);
  for (let first = 1; first <= submissions; first += SEED_CHUNK) {
    const last = Math.min(submissions, first + SEED_CHUNK - 1);
    await database.query(
      `WITH s AS (
         INSERT INTO submissions (id, form_group_id, request_hash, sponsor_name, sponsor_reference, sponsor_email, created_at)
         SELECT 'bench-' || g, 'CWC-BENCH-' || g, 'hash', 'Bench Sponsor', 'L' || lpad((g % $4::integer)::text, 6, '0'),
                'sponsor@example.org', $3::timestamptz - (($5::integer - g) * interval '365 days' / $5::integer)
         FROM generate_series($1::integer, $2::integer) AS g
         RETURNING id, created_at
       ), a AS (
         SELECT s.id, s.created_at, p.position, (substr(s.id, 7)::integer - 1) * ${PER_SUBMISSION} + p.position + 1 AS n
         FROM s CROSS JOIN generate_series(0, ${PER_SUBMISSION - 1}) AS p(position)
       ), named AS (
         SELECT a.*, ($6::text[])[1 + (n * 7) % ${GIVEN.length}] AS given,
                ($7::text[])[1 + (n * 13 + n / 97) % ${STARTS.length}] || ($9::text[])[1 + (n * 31 + n / 89) % ${ENDS.length}] AS family
         FROM a WHERE n <= $8::integer
       )
       INSERT INTO applications (applicant_id, submission_id, position, status, concession_form, secondary_details,
         passport_number, cos_reference, family_name, given_names, place_of_departure, arrival_date, leave_date,
         created_at, updated_at, search_text)
       SELECT 'BENCH-' || n, id, position, CASE WHEN created_at > $3::timestamptz - interval '3 days' THEN 'in-progress' ELSE 'approved' END,
              '{}', '{}', 'BP' || lpad(n::text, 8, '0'), 'COS' || n, family, given, 'Dublin',
              created_at::date + 10, created_at::date + 40, created_at, created_at,
              lower(given || family) || ' ' || lower(family || given) || ' cos' || n || ' bench' || n
       FROM named`,
      [first, last, now, SPONSORS, submissions, GIVEN, STARTS, count, ENDS],
    );
  }
  await database.exec('ANALYZE submissions; ANALYZE applications');
}

async function main(): Promise<void> {
  const baseConfig = loadConfig();
  const { database, engine, cleanUp } = await openBenchDatabase(baseConfig.databaseUrl);
  const config = {
    ...baseConfig,
    logLevel: 'warn' as const,
    runWorker: false,
    oidc: { issuer: 'http://127.0.0.1:9/', clientId: 'console', clientSecret: 'secret' },
  };
  const now = new Date();
  try {
    // The one to find: older than every seeded application, still in progress.
    const yearAgo = new Date(now.getTime() - 366 * 86_400_000);
    const wanted = await storeSubmission(
      database,
      sampleSubmission(yearAgo, [{ familyName: 'Ó Fearghaíl', givenNames: 'Saoirse', passportNumber: 'SF1234567' }], {
        sponsorReference: 'WANTED1',
      }),
      yearAgo,
    );
    if (wanted.outcome !== 'created') throw new Error('The application to find was not stored');
    const started = Date.now();
    await seed(database, applications, now);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Seeded ${applications.toLocaleString('en-GB')} applications in ${seconds} s`);

    const caseworker = await signedInCaseworker(database, 'Bench Caseworker', now);
    // The provider, as far as reading the roles again goes: the caseworker keeps theirs.
    const staffSignIn: StaffSignIn = {
      start: () => Promise.reject(new Error('no sign-in in the bench')),
      finish: () => Promise.reject(new Error('no sign-in in the bench')),
      signOutUrl: () => Promise.resolve(new URL('http://127.0.0.1:9/logout')),
      rolesAgain: () => Promise.resolve({ outcome: 'roles', staffId: caseworker.id, roles: ['CASEWORKER'] }),
    };
    const app = await buildApp(config, { database, staffSignIn });
    try {
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const reference = wanted.applicants[0]?.applicantId ?? '';
      const middle = Math.ceil(applications / 2);
      const searches: [string, string, RegExp][] = [
        ['whole name of the oldest', 'Saoirse Ó Fearghaíl', /1 application matches/],
        ['a family name (1 in 500)', 'Okafor', /applications match/],
        ['a given and family name', 'Amara Okafor', /\d[\d,]* applications? match/],
        ['passport number', `BP${String(middle).padStart(8, '0')}`, /1 application matches/],
        ['sponsor licence number', 'L000042', /applications match/],
        ['reference', reference, /1 application matches/],
        // COS50000 is also inside COS500000 to COS500009, which the name search finds as a part of a COS number.
        ['COS number', `COS${middle}`, /application(s)? match/],
      ];
      // A console page that searches nothing, to read the searches against: the session, the
      // rendering and the machine's load are in both.
      const runs = [
        await measure(
          'the queue in progress, first page (no search)',
          { url: `${appUrl}/caseworker`, method: 'GET', headers: { cookie: caseworker.cookie } },
          200,
        ),
      ];
      for (const [name, query, expected] of searches) {
        const url = `${appUrl}/caseworker/search?q=${encodeURIComponent(query)}`;
        const check = await fetch(url, { headers: { cookie: caseworker.cookie } });
        const body = await check.text();
        if (check.status !== 200 || !expected.test(body)) {
          throw new Error(`The search for the ${name} answered ${check.status} without ${String(expected)}`);
        }
        const summary = /<p class="govuk-body" role="status">([^<]*)<\/p>/.exec(body)?.[1] ?? '';
        runs.push(
          await measure(`${name}: ${summary}`, { url, method: 'GET', headers: { cookie: caseworker.cookie } }, 200),
        );
      }
      printRuns(`GET /caseworker/search among ${applications.toLocaleString('en-GB')} applications, ${engine}`, runs);
    } finally {
      // The requests of the last run's connections, cut at its end, finish before the pool closes.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await app.close();
    }
  } finally {
    await cleanUp();
  }
}

// Run as the bench, not when imported (the plans of decision 053 are explained on the same seed).
if (import.meta.url === `file://${process.argv[1]}`) await main();
