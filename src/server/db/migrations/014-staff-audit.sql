-- Every action of a member of staff (the caseworker console and the caseworker CLI): who, when,
-- what, on which application or submission, and why. A line is written in the transaction of
-- the action it records, so an action exists exactly when its line does.
--
-- No personal data of applicants or sponsors: ids, codes and the text the member of staff typed
-- (a withdrawal's reason, a note), which the service refuses when it holds an email address or
-- the application's passport number. The staff member's name is the one their sign-in gave at
-- the time (the identity provider's, or the operating-system account's for the CLI), so the log
-- still reads right after a name changes. The lines outlive the deletion of the applications'
-- personal data, as status_changes do.
CREATE TABLE staff_audit (
  id               bigserial   PRIMARY KEY,
  occurred_at      timestamptz NOT NULL,
  -- The identity provider's subject; 'cli:<operating-system user>' for the caseworker CLI.
  staff_id         text        NOT NULL CHECK (char_length(staff_id) BETWEEN 1 AND 255),
  staff_name       text        NOT NULL CHECK (char_length(staff_name) BETWEEN 1 AND 200),
  -- approve, reject, withdraw, unlock, resend-status-link, export-decisions, and whatever comes
  -- next: the list lives in src/server/services/casework/staff.ts (STAFF_ACTIONS), and only the
  -- form is checked here, so a new action needs no migration.
  action           text        NOT NULL CHECK (action ~ '^[a-z]+(-[a-z]+)*$' AND char_length(action) <= 40),
  applicant_id     text        REFERENCES applications (applicant_id),
  -- No foreign key: one would lock the submission's row (FOR KEY SHARE) when a decided
  -- application is withdrawn, which decision 014 keeps from touching that row (the order of
  -- row locks). The applicant id, which is checked, names the submission anyway.
  submission_id    text,
  -- The status change the action made (approve, reject, withdraw): who made a change is read
  -- through this, e.g. to tell a second caseworker who decided first.
  status_change_id bigint      UNIQUE REFERENCES status_changes (id),
  -- A rejection's reason (one of the shared REJECTION_REASONS).
  reason           text        CHECK (char_length(reason) <= 40),
  -- What the member of staff typed: a withdrawal's reason, a rejection's note.
  note             text        CHECK (char_length(note) <= 1000),
  -- Facts of the action that are not an application: an export's days and row count, an
  -- unlock's cleared failures. Ids, dates and counts only.
  details          jsonb
);

-- The log newest first, whole or from a day, and filtered by who, what or which application.
CREATE INDEX staff_audit_newest ON staff_audit (occurred_at DESC, id DESC);
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, occurred_at DESC, id DESC);
CREATE INDEX staff_audit_action ON staff_audit (action, occurred_at DESC, id DESC);
CREATE INDEX staff_audit_applicant ON staff_audit (applicant_id, id) WHERE applicant_id IS NOT NULL;
CREATE INDEX staff_audit_submission ON staff_audit (submission_id, id) WHERE submission_id IS NOT NULL;

-- The caseworker's search by passport number and by certificate of sponsorship number, in any
-- status (the index of migration 011 holds only those in progress or approved). Numbers whose
-- personal data was deleted are null and stay out.
CREATE INDEX applications_passport_number ON applications (passport_number) WHERE passport_number IS NOT NULL;
CREATE INDEX applications_cos_reference ON applications (comparable_cos_reference(cos_reference))
  WHERE cos_reference IS NOT NULL;

-- The queues: decisions and withdrawals dated by their status change.
CREATE INDEX status_changes_changed ON status_changes (changed_at, to_status);
