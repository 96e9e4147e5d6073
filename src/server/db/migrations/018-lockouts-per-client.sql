-- Licence lockouts per client and submission (decision 043): five wrong licence numbers within an
-- hour lock out the client that typed them (its address; an IPv6 address by its /64, as the
-- per-address budgets count it) for that submission, and nobody else. `client` is the normalised
-- address, as rate_limit_counters keys hold it: a keyed hash would need a key every instance
-- shares for good, and an unkeyed hash of an IPv4 address hides nothing. The hourly purge deletes
-- failures and lockouts a day after they stop counting, with their addresses.
--
-- The failures and lockouts recorded so far name no client: they cannot be counted per client,
-- and are dropped (a submission locked while this runs opens again).
DELETE FROM licence_attempt_failures;

ALTER TABLE licence_attempt_failures
  ADD COLUMN client text NOT NULL CHECK (octet_length(client) <= 100);

DROP INDEX licence_attempt_failures_recent;
CREATE INDEX licence_attempt_failures_recent ON licence_attempt_failures (submission_id, client, failed_at);
CREATE INDEX licence_attempt_failures_failed_at ON licence_attempt_failures (failed_at);

DROP TABLE licence_lockouts;
CREATE TABLE licence_lockouts (
  submission_id text        NOT NULL REFERENCES submissions (id),
  client        text        NOT NULL CHECK (octet_length(client) <= 100),
  locked_at     timestamptz NOT NULL,
  PRIMARY KEY (submission_id, client)
);
CREATE INDEX licence_lockouts_locked_at ON licence_lockouts (locked_at);

-- When the sponsor was last emailed that a lockout started: at most one such email an hour,
-- however many clients are locked out.
ALTER TABLE submissions ADD COLUMN lockout_emailed_at timestamptz;
