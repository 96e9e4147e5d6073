-- "Save and come back later": a session the sponsor saved is a draft, kept for 28 days after its
-- last save (src/shared/pages/saved-drafts.ts, SAVED_DRAFT_DAYS) rather than 24 hours after its
-- last write, and opened on any device by an emailed link.
--
-- draft_id: a stable name for the row, for the email job's payload and its unique key; the
-- session's id_hash changes whenever its id is renewed. Rows already here get one each.
-- saved_at: the last save (null: never saved); saved_path: the page it was saved on, to return to;
-- language: the language of the save, the email's. return_token_hash: the SHA-256 of the emailed
-- link's token, never the token itself, so the table alone opens no draft; cleared when the link
-- is used. A draft's columns are set together, and only a draft has a link.
ALTER TABLE form_sessions
  ADD COLUMN draft_id          uuid        NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN saved_at          timestamptz,
  ADD COLUMN saved_path        text        CHECK (octet_length(saved_path) <= 200),
  ADD COLUMN language          text        CHECK (language IN ('en', 'cy', 'ar')),
  ADD COLUMN return_token_hash bytea       CHECK (octet_length(return_token_hash) = 32),
  ADD CONSTRAINT form_sessions_draft CHECK (
    (saved_at IS NULL AND saved_path IS NULL AND language IS NULL AND return_token_hash IS NULL)
    OR (saved_at IS NOT NULL AND saved_path IS NOT NULL AND language IS NOT NULL)
  );

CREATE UNIQUE INDEX form_sessions_draft_id ON form_sessions (draft_id);

CREATE UNIQUE INDEX form_sessions_return_token_hash ON form_sessions (return_token_hash)
  WHERE return_token_hash IS NOT NULL;

-- The hourly purge looks for drafts past their 28 days.
CREATE INDEX form_sessions_saved_at ON form_sessions (saved_at) WHERE saved_at IS NOT NULL;
