-- The decisions export (decisions-export.ts) reads a month of decisions: at a million applications
-- a month holds about 85,000, among three times as many status lines (each application's
-- creation, the checks' line, a withdrawal), and each decision asks whether it was withdrawn
-- since. Both are read from indexes of the lines they want only (the sets of
-- #shared/domain/application-status.ts, written as literals in the statement, status-sql.ts):
-- the decisions, from an open status to a decided one, in the order the export lists them; and the
-- withdrawals, by application, so the question is one look-up in a small index rather than a read
-- of all of the application's lines.
CREATE INDEX status_changes_decisions ON status_changes (changed_at, id)
  WHERE from_status = 'in-progress' AND to_status IN ('approved', 'rejected');
CREATE INDEX status_changes_withdrawals ON status_changes (applicant_id, id)
  WHERE to_status = 'withdrawn' AND from_status <> 'withdrawn';
