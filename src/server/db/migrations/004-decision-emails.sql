-- One decision email per submission (decision 014): the sponsor hears about the decisions made
-- close together in one email instead of one email per application.

-- The send-decisions job that emailed this decision (claimed it, under the submission's row
-- lock). NULL: decided but not emailed yet, or not decided. 0: emailed before this migration.
ALTER TABLE applications ADD COLUMN decision_email_job bigint;

-- The send-decisions job that will email this submission's next decisions. A decision made while
-- it is still open waits for it; otherwise the decision enqueues a new one.
ALTER TABLE submissions ADD COLUMN next_decision_email_job bigint;

-- Decisions made before this migration were emailed one by one (or their email failed for good),
-- except those whose per-application job is still open: those stay NULL, and that job, when it
-- runs, hands them to a send-decisions job.
UPDATE applications a
SET decision_email_job = 0
WHERE a.status IN ('approved', 'rejected')
  AND NOT EXISTS (
    SELECT 1 FROM outbox_jobs j
    WHERE j.kind = 'send-decision' AND j.completed_at IS NULL AND j.failed_at IS NULL
      AND j.payload ->> 'applicantId' = a.applicant_id
  );
