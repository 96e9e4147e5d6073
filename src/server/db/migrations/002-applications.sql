-- Applications, their audit trail, the job outbox and the lost or stolen passport list.
-- Ids are made by the application (crypto.randomUUID), not by the database: an applicant id is
-- also the reference users see, so it must be unguessable, and a submission id is signed into
-- status links.

CREATE TABLE submissions (
  id                       text        PRIMARY KEY,
  -- "CWC-" + UUID from the browser, shared by every applicant of one submission; the idempotency key.
  form_group_id            text        NOT NULL UNIQUE,
  -- sha256 of the request body: a replay with the same key and body gets the same answer, a
  -- different body under the same key is refused. Nulled with the personal data.
  request_hash             text,
  sponsor_name             text,
  -- The sponsor licence number: an organisation's, kept after the personal data is deleted because
  -- the status page is opened with it.
  sponsor_reference        text        NOT NULL,
  sponsor_email            text,
  created_at               timestamptz NOT NULL DEFAULT now(),
  personal_data_deleted_at timestamptz,
  CHECK (personal_data_deleted_at IS NOT NULL OR (request_hash IS NOT NULL AND sponsor_name IS NOT NULL AND sponsor_email IS NOT NULL))
);

CREATE TABLE applications (
  applicant_id             text        PRIMARY KEY,
  submission_id            text        NOT NULL REFERENCES submissions (id),
  -- Order within the submission (0-based), so answers list applicants as they were sent.
  position                 integer     NOT NULL CHECK (position >= 0),
  status                   text        NOT NULL DEFAULT 'in-progress'
                                       CHECK (status IN ('in-progress', 'approved', 'rejected', 'withdrawn')),
  -- Only a rejected application has a reason, and it always has one.
  decision_reason          text        CHECK (decision_reason IN ('late', 'credibility', 'routing')),
  -- The request as sent, for the caseworker and the documents; null once personal data is deleted.
  concession_form          jsonb,
  secondary_details        jsonb,
  -- Copies of the fields the checks and lists need. Passport numbers are stored upper-case
  -- without spaces, as the lost or stolen list is.
  passport_number          text,
  cos_reference            text,
  family_name              text,
  given_names              text,
  worker_email             text,
  place_of_departure       text,
  -- Calendar days (kept after deletion: they date the application for counts and retention).
  arrival_date             date        NOT NULL,
  leave_date               date        NOT NULL,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  personal_data_deleted_at timestamptz,
  UNIQUE (submission_id, position),
  CHECK ((status = 'rejected') = (decision_reason IS NOT NULL)),
  CHECK (personal_data_deleted_at IS NOT NULL OR (
    concession_form IS NOT NULL AND secondary_details IS NOT NULL AND passport_number IS NOT NULL
    AND cos_reference IS NOT NULL AND family_name IS NOT NULL AND given_names IS NOT NULL
    AND place_of_departure IS NOT NULL))
);

CREATE INDEX applications_submission ON applications (submission_id, position);
CREATE INDEX applications_status ON applications (status, created_at);
-- The daily retention run looks for decided applications not yet deleted.
CREATE INDEX applications_retention ON applications (leave_date)
  WHERE personal_data_deleted_at IS NULL AND status <> 'in-progress';

-- One line per status change, written in the same transaction as the change. Holds no personal
-- data, so it outlives the deletion of the application's details.
CREATE TABLE status_changes (
  id           bigserial   PRIMARY KEY,
  applicant_id text        NOT NULL REFERENCES applications (applicant_id),
  changed_at   timestamptz NOT NULL DEFAULT now(),
  -- 'submission', 'check:late', 'check:routing', 'check:credibility', 'automated', 'caseworker:<user>'.
  actor        text        NOT NULL,
  -- Null for the line recording the application's creation.
  from_status  text        CHECK (from_status IN ('in-progress', 'approved', 'rejected', 'withdrawn')),
  to_status    text        NOT NULL CHECK (to_status IN ('in-progress', 'approved', 'rejected', 'withdrawn')),
  reason       text
);

CREATE INDEX status_changes_applicant ON status_changes (applicant_id, id);

-- The transactional outbox: a job is a row committed with the data it is about, so nothing is lost
-- between a commit and an email. Payloads hold ids only, never personal data.
CREATE TABLE outbox_jobs (
  id           bigserial   PRIMARY KEY,
  kind         text        NOT NULL,
  payload      jsonb       NOT NULL DEFAULT '{}'::jsonb,
  -- Makes an enqueue idempotent, e.g. one retention run per day however many workers ask for it.
  unique_key   text        UNIQUE,
  run_after    timestamptz NOT NULL DEFAULT now(),
  -- Counted when claimed, so a job that kills its worker every time still runs out of attempts.
  attempts     integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer     NOT NULL DEFAULT 10 CHECK (max_attempts >= 1),
  -- The lease: another worker may take the job over once locked_until has passed.
  locked_by    text,
  locked_until timestamptz,
  -- Error type and a short message, without personal data.
  last_error   text,
  completed_at timestamptz,
  failed_at    timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (completed_at IS NULL OR failed_at IS NULL)
);

-- The claim query: open jobs in due order. Finished jobs drop out of the index.
CREATE INDEX outbox_jobs_due ON outbox_jobs (run_after, id) WHERE completed_at IS NULL AND failed_at IS NULL;

CREATE TABLE lost_stolen_passports (
  -- Upper-case letters and digits only, as applications' passport numbers are stored.
  passport_number text        PRIMARY KEY CHECK (passport_number ~ '^[A-Z0-9]{3,15}$'),
  source          text,
  reported_at     timestamptz NOT NULL DEFAULT now()
);
