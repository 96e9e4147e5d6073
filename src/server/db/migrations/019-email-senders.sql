-- Emails to strangers bounded by the sender (decision 044): the distinct email addresses that the
-- requests of one client address have had the service email in the last hour, shared by every
-- instance. One row per client address (an IPv6 address by its /64, as the rate limits count it)
-- and recipient; the recipient only as the SHA-256 of its address (trimmed, lower case), never the
-- address itself. emailed_at: when the address was first counted for the client in its hour.
-- Unlogged, as rate_limit_counters: a crash may forget an hour's counts, and counting writes no
-- WAL. Rows older than an hour are deleted every hour.
CREATE UNLOGGED TABLE email_sender_recipients (
  sender         text        NOT NULL CHECK (octet_length(sender) <= 100),
  recipient_hash bytea       NOT NULL CHECK (octet_length(recipient_hash) = 32),
  emailed_at     timestamptz NOT NULL,
  PRIMARY KEY (sender, recipient_hash)
);

CREATE INDEX email_sender_recipients_emailed_at ON email_sender_recipients (emailed_at);
