-- Pre-clearance documents that can be checked (decision 027).
--
-- The public keys that have signed documents' QR codes. A key is published at
-- /.well-known/jwks.json while it signs, and afterwards while any document it signed is still
-- in date (its application's leave date not passed), so a rotation never strands a document.
CREATE TABLE document_signing_keys (
  key_id        text        PRIMARY KEY,
  public_jwk    jsonb       NOT NULL,
  first_used_at timestamptz NOT NULL
);

-- One row per document issued (each download issues a new one): its check code, typed with the
-- date of birth on the check page, and the key its QR code was signed with. Holds no personal
-- data, so it outlives the deletion of the application's details (the check then says "not valid").
CREATE TABLE document_issues (
  check_code   text        PRIMARY KEY CHECK (check_code ~ '^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$'),
  applicant_id text        NOT NULL REFERENCES applications (applicant_id),
  key_id       text        NOT NULL REFERENCES document_signing_keys (key_id),
  issued_at    timestamptz NOT NULL
);

CREATE INDEX document_issues_key ON document_issues (key_id);
CREATE INDEX document_issues_applicant ON document_issues (applicant_id);

-- Every check of a document on the check page or through its call: when, how it was named (a
-- typed code, or a QR code's token), the code when there was one, and the answer. No address and
-- no date of birth. Answers "not valid" for a code are counted: five in an hour and the code
-- answers "not valid" for the rest of the hour, whoever asks, so nobody can try dates of birth
-- against a code seen on someone's paper (the per-address failures are counted in
-- rate_limit_counters).
CREATE TABLE clearance_checks (
  id         bigserial   PRIMARY KEY,
  checked_at timestamptz NOT NULL,
  way        text        NOT NULL CHECK (way IN ('code', 'token')),
  check_code text        CHECK (char_length(check_code) <= 20),
  outcome    text        NOT NULL CHECK (outcome IN ('valid', 'withdrawn', 'not-valid'))
);

CREATE INDEX clearance_checks_failures ON clearance_checks (check_code, checked_at) WHERE outcome = 'not-valid';
