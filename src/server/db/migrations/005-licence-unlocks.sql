-- A caseworker's unlock of a submission's licence lockout (`npm run caseworker -- unlock`): who,
-- when, and what it ended. The failures and the lockout themselves are deleted by the unlock, so
-- this row is what remains of them. No personal data.

CREATE TABLE licence_unlocks (
  id               bigserial   PRIMARY KEY,
  submission_id    text        NOT NULL REFERENCES submissions (id),
  -- The application reference the caseworker gave, to tell which case led to the unlock.
  applicant_id     text        NOT NULL REFERENCES applications (applicant_id),
  unlocked_at      timestamptz NOT NULL,
  -- 'caseworker:<user>'
  actor            text        NOT NULL,
  -- When the lockout that was ended began; null when the submission was not locked.
  lockout_began_at timestamptz,
  -- How many recorded failed attempts were cleared.
  failures_cleared integer     NOT NULL CHECK (failures_cleared >= 0)
);

CREATE INDEX licence_unlocks_submission ON licence_unlocks (submission_id, id);
