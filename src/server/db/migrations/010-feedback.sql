-- Feedback given on the feedback page (decision 028): how the user felt about the service and, if
-- they wrote one, how it could be better. Nothing that says who gave it: no address, no session,
-- no application. The comment is kept as typed (trimmed), up to 1,200 characters, as the shared
-- rule (src/shared/validation/feedback.ts) allows.
CREATE TABLE feedback (
  feedback_id bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rating      text        NOT NULL CHECK (rating IN ('very-satisfied', 'satisfied', 'neither', 'dissatisfied', 'very-dissatisfied')),
  comment     text        NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1200),
  received_at timestamptz NOT NULL
);
