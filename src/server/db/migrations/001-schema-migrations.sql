-- The ledger of applied migrations. The runner treats a database without this table as empty,
-- applies this file first and records every migration here, each in its own transaction.
CREATE TABLE schema_migrations (
  version    integer     PRIMARY KEY,
  name       text        NOT NULL,
  -- sha256 of the file: applied migrations are never edited, a new numbered file is added instead.
  checksum   text        NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
