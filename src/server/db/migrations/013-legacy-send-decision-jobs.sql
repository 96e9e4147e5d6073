-- The per-application send-decision { applicantId } jobs of before migration 004 lose their
-- handler, which only handed the decision to the submission's send-decisions job (decision 014).
-- Each one still open is done here as that handler would have done it, so that no decision goes
-- unannounced: its decision stays unclaimed (decision_email_job NULL) for the submission's job,
-- which holds the email back for the window itself, so "due now" is as the handler had it.

-- The submission already points at an open send-decisions job: it will send the decision, and
-- need not wait for more when nothing is in progress. Only a job that has never run; a retry keeps
-- its backoff (bringJobForward in job-repository.ts).
UPDATE outbox_jobs n
SET run_after = now()
FROM submissions s
WHERE n.id = s.next_decision_email_job
  AND n.attempts = 0 AND n.locked_by IS NULL AND n.completed_at IS NULL AND n.failed_at IS NULL
  AND n.run_after > now()
  AND s.id IN (
    SELECT a.submission_id FROM outbox_jobs j JOIN applications a ON a.applicant_id = j.payload ->> 'applicantId'
    WHERE j.kind = 'send-decision' AND j.completed_at IS NULL AND j.failed_at IS NULL
      AND jsonb_typeof(j.payload -> 'applicantId') = 'string'
  )
  AND NOT EXISTS (SELECT 1 FROM applications p WHERE p.submission_id = s.id AND p.status = 'in-progress');

-- Otherwise a new send-decisions job, one per submission however many of its decisions waited,
-- with the submission pointing at it (a finished or deleted job counts as none).
WITH added AS (
  INSERT INTO outbox_jobs (kind, payload, run_after)
  SELECT 'send-decisions', jsonb_build_object('submissionId', s.id), now()
  FROM submissions s LEFT JOIN outbox_jobs n ON n.id = s.next_decision_email_job
  WHERE (n.id IS NULL OR n.completed_at IS NOT NULL OR n.failed_at IS NOT NULL)
    AND s.id IN (
      SELECT a.submission_id FROM outbox_jobs j JOIN applications a ON a.applicant_id = j.payload ->> 'applicantId'
      WHERE j.kind = 'send-decision' AND j.completed_at IS NULL AND j.failed_at IS NULL
        AND jsonb_typeof(j.payload -> 'applicantId') = 'string'
    )
  RETURNING id, payload ->> 'submissionId' AS submission_id
)
UPDATE submissions s SET next_decision_email_job = added.id FROM added WHERE s.id = added.submission_id;

-- The handed-over jobs are done, as the worker records a job whose handler succeeded.
UPDATE outbox_jobs j
SET completed_at = now(), locked_by = NULL, locked_until = NULL
WHERE j.kind = 'send-decision' AND j.completed_at IS NULL AND j.failed_at IS NULL
  AND jsonb_typeof(j.payload -> 'applicantId') = 'string'
  AND EXISTS (SELECT 1 FROM applications a WHERE a.applicant_id = j.payload ->> 'applicantId');

-- A job naming no application failed for good with the handler too, with its error.
UPDATE outbox_jobs j
SET failed_at = now(), locked_by = NULL, locked_until = NULL,
    last_error = CASE
      WHEN jsonb_typeof(j.payload -> 'applicantId') = 'string' AND j.payload ->> 'applicantId' <> ''
        THEN 'PermanentJobError: No application ' || (j.payload ->> 'applicantId') || ' to email about'
      ELSE 'PermanentJobError: The job payload has no applicantId'
    END
WHERE j.kind = 'send-decision' AND j.completed_at IS NULL AND j.failed_at IS NULL;
