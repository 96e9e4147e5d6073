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
