-- The limits of the public check of documents (decision 042), replacing the per-code lock of
-- decision 027 that made a code answer "not valid" to everyone.
--
-- One row per check from a client address that found nothing: a typed check code and date of
-- birth, or a QR code's token whose signature did not verify. client: the address as the budgets
-- count it (an IPv6 address by its /64); check_code: the code typed, written the service's way
-- (null for a token). The service reads an address's rows of the past two hours to slow its typed
-- checks, stop them, or lock one code for it; a check refused by a limit adds none, so retries never
-- lengthen a wait. Unlogged as rate_limit_counters is: a crash may forget an hour's failures, and in
-- return counting writes no WAL. Rows two hours old are deleted every hour.
CREATE UNLOGGED TABLE check_failures (
  id         bigserial   PRIMARY KEY,
  client     text        NOT NULL CHECK (octet_length(client) <= 100),
  check_code text        CHECK (char_length(check_code) <= 20),
  failed_at  timestamptz NOT NULL
);

CREATE INDEX check_failures_client ON check_failures (client, failed_at);
CREATE INDEX check_failures_failed_at ON check_failures (failed_at);

-- Nothing counts a code's "not valid" answers any more.
DROP INDEX clearance_checks_failures;
