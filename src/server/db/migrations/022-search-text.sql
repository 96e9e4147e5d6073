-- The caseworker's search finds names in the database, through an index (decision 053), not by
-- reading the newest applications into the service and matching them there.
--
-- search_text holds the worker's names, certificate of sponsorship number and reference as the
-- status page's search folds them (personSearchText in src/shared/search/person-search.ts): its
-- four parts, separated by single spaces, are the names run together given names first, then
-- family name first, the COS number and the reference. The folding (Unicode decomposition, the
-- letters spelt out, a dozen apostrophes) is the service's code, not SQL: PostgreSQL has no such
-- rule (unaccent's differs, and lower() follows the locale), and a second copy would drift. So
-- the service writes it with the application, the retention run empties it with the names, and
-- the rows already stored are filled right after this file, in its transaction, by the service's
-- code (fillSearchText in search-text.ts, which migrations.ts runs for this migration).
--
-- Found with LIKE '%…%' through a trigram index (pg_trgm, in PostgreSQL's contrib and PGlite's):
-- the index finds the rows holding every trigram of what was typed; each is then compared exactly.
-- pg_trgm is a trusted extension (PostgreSQL 13 and later): the database's owner may create it.
-- In the public schema, so that databases with several schemas (the tests') share one copy.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

ALTER TABLE applications ADD COLUMN search_text text CHECK (char_length(search_text) <= 2000);

-- Every application with personal data is searchable, and one without holds nothing of it. Not
-- valid yet: the rows already stored are filled after this file, which then validates it.
ALTER TABLE applications ADD CONSTRAINT applications_search_text_with_personal_data
  CHECK ((search_text IS NULL) = (personal_data_deleted_at IS NOT NULL)) NOT VALID;

-- The operator class by the schema pg_trgm is in (public, or where a database already had it):
-- the service's search_path may name only its own schema.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX applications_search_text ON applications USING gin (search_text %I.gin_trgm_ops)',
    trgm_schema);
END $$;
