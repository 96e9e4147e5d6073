// A year of applications for the benchmarks (npm run bench:console, npm run bench:scale), seeded
// in SQL: what a service that has run for a year holds, so the console's queues and search, the
// status call, the month's decisions export and the daily retention run are measured on the rows
// they would meet, not on a table of one kind of row.
//
// - Submissions of 1 to 10 applications, most small (SUBMISSION_SIZES), spread evenly over the
//   year up to `now`; 2,000 sponsors, each submission's licence number L<six digits>.
// - Each application as storeSubmission stores it: its answers (the fixtures' documents with this
//   worker's names, numbers and dates), the columns copied from them, and its search text as
//   personSearchText makes it (checked against that function after the seed), with its creation
//   line in status_changes (actor 'submission', from_status NULL).
// - Then what the year did to it, as the service writes each step: the automated checks a few
//   seconds later (about 4 % fail: 'check:late', 'check:routing', 'check:credibility', rejected
//   with that reason, checks_outcome 'failed'); passed, approved by them ('automated') while
//   MANUAL_REVIEW was off (the year's first months), and since it was turned on
//   (MANUAL_REVIEW_DAYS ago) left in progress with the 'automated' line "awaiting caseworker",
//   then decided by a member of staff within 72 hours (a few later), 5 % of those rejected: the
//   console's 'staff:<subject>' or the CLI's 'caseworker:<user>', with the staff audit lines the
//   console writes (the application viewed, then the action with its status change). So the
//   last three days are mostly in progress and the older ones mostly approved. About 1 % are
//   withdrawn while waiting and 1.5 % after their approval (the withdrawal's line and audit line).
// - The retention runs of the days before today already done: a decided application whose leave
//   date is more than RETENTION_DAYS and a day past holds no personal data (as purgePersonalData
//   leaves it, its submission too once none of its applications holds any), and those whose
//   leave date passed the limit yesterday are today's run's work, as on any day.
//
// The names are a given name and a family name of the lists below (ASCII, so lower() folds them as
// foldForSearch does); reference BENCH-<n>, passport BP<n, 8 digits>, COS number COS<n> for the
// n-th application, which the console's bench looks for. Every draw is a hash of n, so a count
// seeds the same rows on every run. Not seeded: the outbox's jobs (finished ones are deleted after
// RETENTION_DAYS), assignments, sign-ins and searches of the audit log.
import { londonToday, toIsoDate } from '../src/shared/dates/calendar.ts';
import { personSearchText } from '../src/shared/search/person-search.ts';
import type { Database } from '../src/server/db/database.ts';
import { auditedStaff, cliStaffMember, staffActor, type StaffMember } from '../src/server/services/casework/staff.ts';
import { awaitingCaseworkerNote } from '../src/server/services/decisions/decide-application.ts';
import { validApplicantPayload } from '../tests/fixtures/applicants.ts';

/** How many submissions of each size (1 to 10) there are in 100: most send one or two workers. */
const SUBMISSION_SIZES: readonly number[] = [38, 20, 12, 8, 6, 5, 4, 3, 2, 2];
const SPONSORS = 2_000;
/** Statements of this many submissions each (about 60,000 applications), so no one statement holds the whole seed. */
const SEED_CHUNK = 20_000;
/** The days since MANUAL_REVIEW was turned on: applications older than this were approved by the checks alone. */
const MANUAL_REVIEW_DAYS = 240;

const GIVEN = ['Amara', 'Bruno', 'Chen', 'Daria', 'Emeka', 'Farah', 'Goran', 'Hana', 'Ivan', 'Jonas', 'Kofi', 'Lena'];
// 20 × 25 family names, each about 1 in 500 workers: Okafor is one of them.
const FAMILY_STARTS = ['Ok', 'Nov', 'Sil', 'Kow', 'Had', 'Tan', 'Mur', 'San', 'Pet', 'Jen'];
const FAMILY_STARTS_MORE = ['Ad', 'Bal', 'Cor', 'Dan', 'Eze', 'Fer', 'Gar', 'Hol', 'Ibr', 'Kar'];
const FAMILY_ENDS = ['afor', 'ak', 'va', 'alski', 'dad', 'aka', 'phy', 'tos', 'rov', 'sen', 'ams', 'ogun', 'ell'];
const FAMILY_ENDS_MORE = ['iels', 'kiel', 'reira', 'cia', 'land', 'ahim', 'imi', 'enko', 'ovic', 'ani', 'escu', 'berg'];
const STARTS = [...FAMILY_STARTS, ...FAMILY_STARTS_MORE];
const ENDS = [...FAMILY_ENDS, ...FAMILY_ENDS_MORE];
const NATIONALITIES = [
  'USA - American',
  'USA - American',
  'AUS - Australian',
  'CAN - Canadian',
  'BRA - Brazilian',
  'JPN - Japanese',
  'NGA - Nigerian',
  'IND - Indian',
  'ZAF - South African',
  'KOR - South Korean',
];

/** Nine caseworkers in the console and the CLI's duty account (a tenth of the staff decisions). */
const STAFF: readonly StaffMember[] = [
  ...['Ada', 'Bola', 'Ciara', 'Dev', 'Elif', 'Femi', 'Gwen', 'Hamid', 'Ines'].map((name) => ({
    id: `subject-seed-${name.toLowerCase()}`,
    name: `${name} Caseworker`,
  })),
  cliStaffMember('casework-duty'),
];
const WITHDRAWAL_NOTE = 'The sponsor asked for it to be withdrawn: the engagement was cancelled';

/** The sizes of the submissions holding `applications`: a deterministic spread of SUBMISSION_SIZES, the last cut to fit. */
function submissionSizes(applications: number): number[] {
  const cumulative = SUBMISSION_SIZES.map((_, index) => SUBMISSION_SIZES.slice(0, index + 1).reduce((a, b) => a + b));
  const total = cumulative.at(-1) ?? 1;
  const sizes: number[] = [];
  let left = applications;
  // The multiples of the golden ratio, modulo 1, fall evenly over [0, 1) however many are taken:
  // each stretch of the year has the same mix of sizes, without a pattern that repeats.
  for (let g = 1; left > 0; g += 1) {
    const draw = ((g * 0.6180339887498949) % 1) * total;
    const size = Math.min(left, 1 + cumulative.findIndex((bound) => draw < bound));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** A draw in [0, 1) for application n, one per `salt`: hashint8extended spreads n's bits. */
const draw = (salt: number) => `((hashint8extended(d.n::bigint, ${salt}) & 1048575)::float8 / 1048576)`;

// One statement per chunk of submissions: the applications are planned (the CTEs up to `done`),
// then the submissions, the applications, the status lines and the staff audit lines written
// from that plan. The status lines are inserted in the order they happened, so each
// application's ids follow its history as the service's would; the audit lines name the ids.
const SEED_CHUNK_SQL = `
WITH sizes AS (
  SELECT ($1::integer + t.o - 1)::integer AS g, t.size,
         ($3::integer + sum(t.size) OVER (ORDER BY t.o) - t.size)::integer AS first_n
  FROM unnest($2::integer[]) WITH ORDINALITY AS t(size, o)
), submission AS (
  SELECT z.g, z.size, z.first_n,
         $4::timestamptz - (($5::integer - z.g) * interval '365 days' / $5::integer) AS created_at,
         md5('bench-submission-' || z.g)::uuid::text AS id,
         'CWC-' || upper(md5('bench-group-' || z.g)::uuid::text) AS form_group_id,
         'L' || lpad((z.g % ${SPONSORS})::text, 6, '0') AS licence,
         'Bench Sponsor ' || (z.g % ${SPONSORS}) || ' Ltd' AS sponsor_name,
         'bookings@sponsor' || (z.g % ${SPONSORS}) || '.example.org' AS sponsor_email,
         CASE WHEN z.g % 40 = 3 THEN 'cy' WHEN z.g % 250 = 7 THEN 'ar' ELSE 'en' END AS language
  FROM sizes z
), d AS (
  SELECT s.id AS submission_id, s.created_at, s.form_group_id, s.licence, s.sponsor_name, s.sponsor_email,
         p.position, s.first_n + p.position AS n, 'BENCH-' || (s.first_n + p.position) AS applicant_id,
         (s.created_at AT TIME ZONE 'Europe/London')::date AS created_day
  FROM submission s JOIN generate_series(0, 9) AS p(position) ON p.position < s.size
), drawn AS (
  SELECT d.*, ${draw(1)} AS d_check, ${draw(2)} AS d_delay, ${draw(3)} AS d_staff, ${draw(4)} AS d_withdraw,
         ${draw(5)} AS d_later, ${draw(6)} AS d_trip, ${draw(7)} AS d_who, ${draw(8)} AS d_misc, ${draw(9)} AS d_stay,
         ($6::text[])[1 + (d.n * 7) % ${GIVEN.length}] AS given,
         ($7::text[])[1 + (d.n * 13 + d.n / 97) % ${STARTS.length}]
           || ($8::text[])[1 + (d.n * 31 + d.n / 89) % ${ENDS.length}] AS family
  FROM d
), checked AS (
  SELECT x.*,
         x.created_at + (2 + floor(x.d_misc * 58)) * interval '1 second' AS checked_at,
         CASE WHEN x.d_check < 0.024 THEN 'late' WHEN x.d_check < 0.036 THEN 'routing'
              WHEN x.d_check < 0.040 THEN 'credibility' END AS check_failure,
         x.created_at >= $4::timestamptz - ${MANUAL_REVIEW_DAYS} * interval '1 day' AS manual,
         -- A caseworker's turn: 1 to 72 hours after the submission, a hundredth two days later still.
         x.created_at + interval '1 minute' * round(60 + 4260 * x.d_delay + CASE WHEN x.d_misc >= 0.99 THEN 2880 ELSE 0 END)
           AS staff_at,
         CASE WHEN x.d_staff < 0.03 THEN 'credibility' WHEN x.d_staff < 0.045 THEN 'routing'
              WHEN x.d_staff < 0.05 THEN 'late' END AS staff_rejects,
         ($9::text[])[1 + floor(x.d_who * cardinality($9::text[]))::integer] AS staff_actor
  FROM drawn x
), decided AS (
  SELECT c.*,
         CASE WHEN c.check_failure IS NOT NULL THEN 'rejected'
              WHEN NOT c.manual THEN 'approved'
              WHEN c.d_withdraw < 0.01 THEN NULL
              WHEN c.staff_rejects IS NOT NULL THEN 'rejected'
              ELSE 'approved' END AS decision,
         CASE WHEN c.check_failure IS NOT NULL OR NOT c.manual THEN c.checked_at ELSE c.staff_at END AS decided_at,
         coalesce(c.check_failure, CASE WHEN c.manual THEN c.staff_rejects END) AS rejection_reason,
         c.created_day + CASE WHEN c.check_failure = 'late' THEN 1 + floor(c.d_trip * 2)::integer
                              ELSE 4 + floor(c.d_trip * 57)::integer END AS arrival
  FROM checked c
), withdrawn AS (
  SELECT e.*,
         CASE WHEN e.check_failure IS NULL AND e.manual AND e.d_withdraw < 0.01
                THEN e.created_at + (e.staff_at - e.created_at) * (0.2 + 0.6 * e.d_later)
              WHEN e.decision = 'approved' AND e.d_withdraw < 0.025
                THEN e.decided_at + interval '1 hour' * round(24 + 696 * e.d_later) END AS withdrawn_at,
         e.arrival + 1 + 2 + floor(e.d_stay * 56)::integer + 14 AS leave
  FROM decided e
), statused AS (
  SELECT w.*,
         CASE WHEN w.withdrawn_at <= $4::timestamptz THEN 'withdrawn'
              WHEN w.decision IS NOT NULL AND w.decided_at <= $4::timestamptz THEN w.decision
              ELSE 'in-progress' END AS status
  FROM withdrawn w
), done AS (
  SELECT t.*,
         -- Yesterday's run and those before it: a decided application whose leave date was past the limit then.
         CASE WHEN t.status <> 'in-progress' AND t.leave < $10::date - $11::integer - 1
              THEN ((t.leave + $11::integer + 1)::timestamp + interval '3 hours') AT TIME ZONE 'Europe/London' END
           AS purged_at,
         CASE t.status WHEN 'withdrawn' THEN t.withdrawn_at WHEN 'in-progress' THEN t.created_at ELSE t.decided_at END
           AS status_at
  FROM statused t
), submission_purge AS (
  SELECT submission_id, bool_and(purged_at IS NOT NULL) AS purged, max(purged_at) AS purged_at
  FROM done GROUP BY submission_id
), new_submissions AS (
  INSERT INTO submissions (id, form_group_id, request_hash, sponsor_name, sponsor_reference, sponsor_email, created_at,
                           language, personal_data_deleted_at)
  SELECT s.id, s.form_group_id, CASE WHEN p.purged THEN NULL ELSE md5(s.form_group_id) || md5(s.id) END,
         CASE WHEN p.purged THEN NULL ELSE s.sponsor_name END, s.licence,
         CASE WHEN p.purged THEN NULL ELSE s.sponsor_email END, s.created_at, s.language,
         CASE WHEN p.purged THEN p.purged_at END
  FROM submission s JOIN submission_purge p ON p.submission_id = s.id
), new_applications AS (
  INSERT INTO applications (applicant_id, submission_id, position, status, decision_reason, concession_form,
    secondary_details, passport_number, cos_reference, family_name, given_names, worker_email, place_of_departure,
    arrival_date, leave_date, created_at, updated_at, personal_data_deleted_at, decision_email_job, checks_outcome,
    search_text)
  SELECT a.applicant_id, a.submission_id, a.position, a.status,
         CASE WHEN a.status = 'rejected' THEN a.rejection_reason END,
         CASE WHEN a.purged_at IS NULL THEN $12::jsonb || jsonb_build_object(
           'sponsorEmailAddress', a.sponsor_email, 'sponsorName', a.sponsor_name, 'sponsorshipReferenceNumber', a.licence,
           'passportNumber', 'BP' || lpad(a.n::text, 8, '0'), 'dateOfArrivalInUK', to_char(a.arrival, 'YYYY-MM-DD'),
           'certificateOfSponsorshipReferenceNumber', 'COS' || a.n, 'formGroupId', a.form_group_id,
           'createdDate', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END,
         CASE WHEN a.purged_at IS NULL THEN ($13::jsonb - 'workerEmailAddress') || jsonb_build_object(
           'nationality', ($14::text[])[1 + (a.n * 11) % cardinality($14::text[])],
           'familyName', a.family, 'givenNames', a.given,
           'dateOfBirth', to_char(make_date(1960 + a.n % 45, 1 + a.n % 12, 1 + a.n % 28), 'YYYY-MM-DD'),
           'airPortOfDeparture', a.place, 'countryOfDeparture', a.country,
           'firstWorkDate', to_char(a.arrival + 1, 'YYYY-MM-DD'), 'lastWorkDate', to_char(a.leave - 14, 'YYYY-MM-DD'),
           'lteToDate', to_char(a.leave, 'YYYY-MM-DD'),
           'createdDate', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
           || CASE WHEN a.n % 2 = 0 THEN jsonb_build_object('workerEmailAddress', 'worker' || a.n || '@example.com')
                   ELSE '{}'::jsonb END END,
         CASE WHEN a.purged_at IS NULL THEN 'BP' || lpad(a.n::text, 8, '0') END,
         CASE WHEN a.purged_at IS NULL THEN 'COS' || a.n END,
         CASE WHEN a.purged_at IS NULL THEN a.family END,
         CASE WHEN a.purged_at IS NULL THEN a.given END,
         CASE WHEN a.purged_at IS NULL AND a.n % 2 = 0 THEN 'worker' || a.n || '@example.com' END,
         CASE WHEN a.purged_at IS NULL THEN a.place END,
         a.arrival, a.leave, a.created_at, coalesce(a.purged_at, a.status_at), a.purged_at,
         -- Emailed: the send-decisions job's id in a live database (the jobs are not seeded).
         CASE WHEN a.decision IS NOT NULL AND a.decided_at <= $4::timestamptz THEN 0 END,
         CASE WHEN a.checked_at <= $4::timestamptz THEN CASE WHEN a.check_failure IS NULL THEN 'passed' ELSE 'failed' END END,
         -- personSearchText's four parts: the names both ways round, the COS number, the reference.
         CASE WHEN a.purged_at IS NULL
              THEN lower(a.given || a.family) || ' ' || lower(a.family || a.given) || ' cos' || a.n || ' bench' || a.n END
  FROM (SELECT o.*,
               CASE WHEN o.check_failure = 'routing' THEN (ARRAY['Paris Charles de Gaulle Airport', 'Amsterdam Airport Schiphol'])[1 + o.n % 2]
                    ELSE (ARRAY['Dublin Airport', 'Dublin Airport', 'Dublin Port', 'Cork Airport', 'Shannon Airport'])[1 + o.n % 5]
               END AS place,
               CASE WHEN o.check_failure = 'routing' THEN (ARRAY['France', 'Netherlands'])[1 + o.n % 2] ELSE 'Ireland' END
                 AS country
        FROM done o) a
), lines AS (
  SELECT n, applicant_id, 0 AS step, created_at AS changed_at, 'submission' AS actor, NULL::text AS from_status,
         'in-progress' AS to_status, NULL::text AS reason
  FROM done
  UNION ALL
  SELECT n, applicant_id, 1, checked_at,
         CASE WHEN check_failure IS NOT NULL THEN 'check:' || check_failure ELSE 'automated' END, 'in-progress',
         CASE WHEN check_failure IS NOT NULL THEN 'rejected' WHEN manual THEN 'in-progress' ELSE 'approved' END,
         CASE WHEN check_failure IS NOT NULL THEN check_failure WHEN manual THEN $15::text END
  FROM done WHERE checked_at <= $4::timestamptz
  UNION ALL
  SELECT n, applicant_id, 2, decided_at, staff_actor, 'in-progress', decision,
         CASE WHEN decision = 'rejected' THEN rejection_reason END
  FROM done
  WHERE manual AND check_failure IS NULL AND decision IS NOT NULL AND decided_at <= $4::timestamptz
  UNION ALL
  SELECT n, applicant_id, 3, withdrawn_at, staff_actor,
         CASE WHEN decision IS NOT NULL AND decided_at < withdrawn_at THEN decision ELSE 'in-progress' END, 'withdrawn', NULL
  FROM done WHERE withdrawn_at <= $4::timestamptz
), changes AS (
  INSERT INTO status_changes (applicant_id, changed_at, actor, from_status, to_status, reason)
  SELECT applicant_id, changed_at, actor, from_status, to_status, reason FROM lines ORDER BY changed_at, n, step
  RETURNING id, applicant_id, changed_at, actor, to_status, reason
), staff AS (
  SELECT * FROM unnest($9::text[], $16::text[], $17::text[], $18::text[]) AS t(actor, id, name, address)
)
INSERT INTO staff_audit (occurred_at, staff_id, staff_name, action, applicant_id, submission_id, status_change_id,
                         reason, note, client_address)
SELECT occurred_at, staff_id, staff_name, action, applicant_id, submission_id, status_change_id, reason, note, address
FROM (
  -- The console's caseworker opened the application's page before acting on it.
  SELECT c.changed_at - interval '1 second' * (20 + c.id % 280) AS occurred_at, st.id AS staff_id, st.name AS staff_name,
         'view-application' AS action, c.applicant_id, NULL AS submission_id, NULL::bigint AS status_change_id,
         NULL AS reason, NULL AS note, st.address
  FROM changes c JOIN staff st ON st.actor = c.actor
  WHERE st.address IS NOT NULL
  UNION ALL
  SELECT c.changed_at, st.id, st.name,
         CASE c.to_status WHEN 'approved' THEN 'approve' WHEN 'rejected' THEN 'reject' ELSE 'withdraw' END,
         c.applicant_id, o.submission_id, c.id, CASE WHEN c.to_status = 'rejected' THEN c.reason END,
         CASE WHEN c.to_status = 'withdrawn' THEN $19::text END, st.address
  FROM changes c JOIN staff st ON st.actor = c.actor JOIN done o ON o.applicant_id = c.applicant_id
) audit
ORDER BY occurred_at`;

export interface SeedOptions {
  /** How many applications: BENCH-1 to BENCH-<applications>. */
  readonly applications: number;
  /** The end of the seeded year: the newest submission is at `now`. */
  readonly now: Date;
  /** RETENTION_DAYS: the retention runs before today's are done as the service does them. */
  readonly retentionDays: number;
}

/**
 * Seeds a year of applications up to `now` (see the top of this file), then ANALYZEs the tables
 * so the first plans are the ones a running database's statistics give, and checks a sample of
 * the search texts against personSearchText. Returns how many submissions hold them, and the
 * licence number of the newest (whose applications all still hold their personal data).
 */
export async function seedApplications(
  database: Database,
  options: SeedOptions,
): Promise<{ readonly submissions: number; readonly newestLicence: string }> {
  const { applications, now, retentionDays } = options;
  const sizes = submissionSizes(applications);
  const template = validApplicantPayload(now);
  const staffActors = STAFF.map(staffActor);
  const audited = STAFF.map(auditedStaff);
  // The console's lines say where the caseworker was; the CLI's say nothing of it.
  const addresses = STAFF.map((member, index) => (member.id.startsWith('cli:') ? null : `192.0.2.${index + 10}`));
  const today = toIsoDate(londonToday(now));
  let firstApplication = 1;
  for (let first = 0; first < sizes.length; first += SEED_CHUNK) {
    const chunk = sizes.slice(first, first + SEED_CHUNK);
    // JIT off, as the export turns it off (decision 056): the statement costs more than
    // jit_above_cost, and compiling its many expressions took 12 of its 15 s at 20,000 submissions.
    await database.transaction(async (tx) => {
      await tx.query(`SELECT set_config('jit', 'off', true)`);
      await tx.query(SEED_CHUNK_SQL, [
        first + 1,
        chunk,
        firstApplication,
        now,
        sizes.length,
        GIVEN,
        STARTS,
        ENDS,
        staffActors,
        today,
        retentionDays,
        JSON.stringify(template.concessionForm),
        JSON.stringify(template.secondaryDetails),
        NATIONALITIES,
        awaitingCaseworkerNote,
        audited.map((line) => line.staffId),
        audited.map((line) => line.staffName),
        addresses,
        WITHDRAWAL_NOTE,
      ]);
    });
    firstApplication += chunk.reduce((a, b) => a + b, 0);
  }
  await database.exec('ANALYZE submissions; ANALYZE applications; ANALYZE status_changes; ANALYZE staff_audit');
  await checkSearchText(database);
  return { submissions: sizes.length, newestLicence: `L${String(sizes.length % SPONSORS).padStart(6, '0')}` };
}

/** The seed's search texts are personSearchText's, or the search benchmarks measure another rule. */
async function checkSearchText(database: Database): Promise<void> {
  const { rows } = await database.query<{
    applicantId: string;
    givenNames: string;
    familyName: string;
    cosReference: string;
    searchText: string;
  }>(
    `SELECT applicant_id AS "applicantId", given_names AS "givenNames", family_name AS "familyName",
            cos_reference AS "cosReference", search_text AS "searchText"
     FROM applications WHERE applicant_id LIKE 'BENCH-%' AND search_text IS NOT NULL
     ORDER BY created_at DESC LIMIT 50`,
  );
  for (const row of rows) {
    const expected = personSearchText(row);
    if (row.searchText !== expected) {
      throw new Error(`The seeded search text of ${row.applicantId} is "${row.searchText}", not "${expected}"`);
    }
  }
}
