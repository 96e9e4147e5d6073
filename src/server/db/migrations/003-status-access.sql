-- The status page's lockout (spec §4, §8): failed licence-number attempts per submission, and
-- the moment a submission was locked. In the database, so a lockout survives restarts and holds
-- across server instances.

CREATE TABLE licence_attempt_failures (
  id            bigserial   PRIMARY KEY,
  submission_id text        NOT NULL REFERENCES submissions (id),
  failed_at     timestamptz NOT NULL
);

CREATE INDEX licence_attempt_failures_recent ON licence_attempt_failures (submission_id, failed_at);

CREATE TABLE licence_lockouts (
  submission_id text        PRIMARY KEY REFERENCES submissions (id),
  locked_at     timestamptz NOT NULL
);
