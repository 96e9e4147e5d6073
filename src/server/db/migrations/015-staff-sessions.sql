-- The sessions of caseworkers signed in to the console (decision 038): one row a sign-in, under
-- the SHA-256 of a random id that only the browser's cookie holds, so the table alone opens no
-- session. A session is over 30 minutes after its last activity, or 12 hours after its sign-in;
-- the hourly purge-sessions job deletes those. The ID token is kept for the provider's sign-out
-- (its id_token_hint), the CSRF token for the console's forms.
CREATE TABLE staff_sessions (
  id_hash        bytea       PRIMARY KEY CHECK (octet_length(id_hash) = 32),
  staff_id       text        NOT NULL CHECK (octet_length(staff_id) BETWEEN 1 AND 255),
  name           text        NOT NULL CHECK (octet_length(name) <= 1024),
  roles          text[]      NOT NULL CHECK (roles <@ ARRAY['CASEWORKER', 'CASEWORKER_ADMIN']::text[]),
  id_token       text        NOT NULL CHECK (octet_length(id_token) <= 16384),
  csrf_token     text        NOT NULL CHECK (octet_length(csrf_token) = 43),
  signed_in_at   timestamptz NOT NULL,
  last_active_at timestamptz NOT NULL
);

CREATE INDEX staff_sessions_last_active_at ON staff_sessions (last_active_at);
CREATE INDEX staff_sessions_signed_in_at ON staff_sessions (signed_in_at);
