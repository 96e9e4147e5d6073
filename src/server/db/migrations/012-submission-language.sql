-- The language the sponsor used when sending the applications (decision 032): the emails about
-- the submission go out in it (Welsh ones bilingual, Welsh first), and a Welsh submission's
-- pre-clearance documents carry the Welsh text beside the English. The values are those of
-- src/shared/i18n/languages.ts (LANGUAGES); submissions stored before this column spoke English.
ALTER TABLE submissions
  ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'cy', 'ar'));
