-- What a browser without JavaScript keeps between its pages (decision 024): the values a tab with
-- JavaScript keeps in session storage (the answers so far, the status link's token), held by the
-- server under a random id in an HttpOnly cookie. Only a hash of the id is stored, so the table
-- alone opens no session. A session idle for 24 hours is over; the retention job deletes it.

CREATE TABLE form_sessions (
  id_hash      bytea       PRIMARY KEY CHECK (octet_length(id_hash) = 32),
  form_state   text        CHECK (octet_length(form_state) <= 262144),
  status_token text        CHECK (octet_length(status_token) <= 4096),
  notice       text        CHECK (octet_length(notice) <= 1024),
  updated_at   timestamptz NOT NULL
);

CREATE INDEX form_sessions_updated_at ON form_sessions (updated_at);
