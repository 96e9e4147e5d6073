// npm run bench:console: requests per second and latency of the caseworker console's search
// (GET /caseworker/search) among BENCH_APPLICATIONS applications, by each thing a caseworker may
// type: a worker's whole name (an application older than every other), a family name many
// workers share, a passport number, a sponsor licence number, a reference and a COS number. On
// PostgreSQL when DATABASE_URL is set (in a schema of its own, dropped afterwards), else on the
// embedded PGlite in a temporary folder. The applications are seeded in SQL by
// seed-applications.ts: a year of them in submissions of one to ten, most decided, those past the
// retention period without their personal data (so not found by name or number); their
// searchable text is what personSearchText makes of their names.
//
// Options (environment): BENCH_APPLICATIONS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (5
// through npm run).
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { storeSubmission } from '../src/server/db/submission-repository.ts';
import { sampleSubmission } from '../src/server/test-support/sample-submissions.ts';
import { benchCaseworker, measure, openBenchDatabase, printRuns } from './bench-support.ts';
import { seedApplications } from './seed-applications.ts';

const applications = Number(process.env.BENCH_APPLICATIONS ?? 100_000);

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
    const seeded = await seedApplications(database, { applications, now, retentionDays: baseConfig.retentionDays });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Seeded ${applications.toLocaleString('en-GB')} applications in ${seconds} s`);

    const caseworker = await benchCaseworker(database, now);
    const { staffSignIn } = caseworker;
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
        // The newest submission's sponsor: an older one's applications may have lost their personal
        // data, which the licence number no longer finds.
        ['sponsor licence number', seeded.newestLicence, /\d[\d,]* applications? match/],
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

await main();
