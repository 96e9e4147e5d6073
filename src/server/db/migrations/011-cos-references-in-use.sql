-- Check your answers and the group overview warn when a certificate of sponsorship number is
-- already given in another application in progress or approved (decision 017). Numbers are
-- compared as src/shared/journey/same-cos-reference.ts compares them: without white space (the
-- characters of JavaScript's \s, listed, so no locale changes them) and with a–z in capitals
-- (translate, not upper(), which follows the locale). A test compares the two on many strings.
CREATE FUNCTION comparable_cos_reference(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(
    regexp_replace(value, '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]', '', 'g'),
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ');

-- Only the applications the warning is about; a decided one leaves the index as it is rejected or withdrawn.
CREATE INDEX applications_cos_in_use ON applications (comparable_cos_reference(cos_reference))
  WHERE status IN ('in-progress', 'approved');
