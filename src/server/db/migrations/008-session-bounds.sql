-- Sessions that cannot be flooded, forged, mixed or replayed (decision 026).
--
-- form_sessions: an id is renewed (rotated) when a status token is kept, the statuses are
-- opened, and after a send, and the id it replaced still opens the session for a minute, for a
-- request of the same browser already under way; the status pages opened with the licence number
-- stay open for a while (status_opened_at).
ALTER TABLE form_sessions
  ADD COLUMN previous_id_hash bytea       CHECK (octet_length(previous_id_hash) = 32),
  ADD COLUMN rotated_at       timestamptz,
  ADD COLUMN status_opened_at timestamptz;

CREATE UNIQUE INDEX form_sessions_previous_id_hash ON form_sessions (previous_id_hash)
  WHERE previous_id_hash IS NOT NULL;

-- The per-address and per-recipient budgets (forms, status calls, submissions, new sessions,
-- emails), shared by every instance: one row per budget and address (or a recipient's hash), its
-- count in the current window. Unlogged: a crash may forget a minute's counts, and in return
-- counting writes no WAL. Ended windows are deleted every hour.
CREATE UNLOGGED TABLE rate_limit_counters (
  key            text        PRIMARY KEY CHECK (octet_length(key) <= 200),
  hits           integer     NOT NULL CHECK (hits > 0),
  window_ends_at timestamptz NOT NULL
);

CREATE INDEX rate_limit_counters_window_ends_at ON rate_limit_counters (window_ends_at);
