-- The caseworker console's triage and assignments (issue 38).
--
-- Who holds an application: at most one member of staff, by the identity provider's subject, with
-- the name their sign-in gave when they took it (as the audit log keeps it), so the queues and the
-- page say who holds it without asking anyone. A table of its own, not columns of applications:
-- taking or letting go of an application writes nothing to the row the decisions lock and the
-- retention run rewrites. Assigning and unassigning are audited in staff_audit ('assign',
-- 'unassign'); this table holds only the present. A decided application keeps its row until
-- someone lets it go: the queues list applications in progress only.
CREATE TABLE application_assignments (
  applicant_id text        PRIMARY KEY REFERENCES applications (applicant_id),
  staff_id     text        NOT NULL CHECK (char_length(staff_id) BETWEEN 1 AND 255),
  staff_name   text        NOT NULL CHECK (char_length(staff_name) BETWEEN 1 AND 200),
  assigned_at  timestamptz NOT NULL
);

-- "Assigned to me": one member of staff's applications.
CREATE INDEX application_assignments_staff ON application_assignments (staff_id, applicant_id);

-- What the automated checks recorded (decision 009), copied onto the application as its other
-- list fields are, so the queue can be narrowed by it from an index: 'passed' (with MANUAL_REVIEW,
-- waiting for a caseworker; or approved), 'failed' (rejected by a check), null while they have not
-- run. status_changes stays the record ('automated', 'check:<name>'); decide-application.ts writes
-- both in one transaction. Filled here from the lines already written.
ALTER TABLE applications ADD COLUMN checks_outcome text CHECK (checks_outcome IN ('passed', 'failed'));
UPDATE applications a SET checks_outcome = CASE WHEN c.actor = 'automated' THEN 'passed' ELSE 'failed' END
FROM (
  SELECT DISTINCT ON (applicant_id) applicant_id, actor FROM status_changes
  WHERE actor = 'automated' OR actor LIKE 'check:%'
  ORDER BY applicant_id, id
) c
WHERE c.applicant_id = a.applicant_id;

-- The queue in progress, a page at a time in either of its orders without sorting the applications:
-- by arrival (soonest first) and by the time left of the 72 hours (the oldest submission first).
-- Only the applications in progress are in them, a day's work, not the million decided. The
-- checks' outcome and the id are in them too, so a count, or the ids of a page however far on,
-- read the index alone, and only the page's 50 rows are read from the table.
CREATE INDEX applications_in_progress_arrival ON applications (arrival_date, created_at, submission_id, position)
  INCLUDE (checks_outcome, applicant_id) WHERE status = 'in-progress';
CREATE INDEX applications_in_progress_created ON applications (created_at, submission_id, position)
  INCLUDE (checks_outcome, applicant_id) WHERE status = 'in-progress';

-- The sponsor licence number as the status page compares it (src/shared/validation/licence-number.ts):
-- its digits in ASCII (the Arabic-Indic, Extended Arabic-Indic and full-width digits that
-- asciiDigits reads) and a–z in capitals. translate, not upper(), which follows the locale; the
-- numbers are trimmed when they are stored and when they are typed. Letters beyond ASCII keep
-- their case: no licence number has one.
CREATE FUNCTION comparable_licence_number(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(value,
    'abcdefghijklmnopqrstuvwxyz٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹０１２３４５６７８９',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345678901234567890123456789');

-- The queue filtered by a sponsor's licence number: that sponsor's submissions first.
CREATE INDEX submissions_licence_number ON submissions (comparable_licence_number(sponsor_reference));
