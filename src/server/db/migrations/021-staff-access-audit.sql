-- An audit trail an auditor can use, and sessions an admin can end (decisions 038 and 039, "Later").
--
-- staff_audit now also records who came to the console and what they looked at: sign-ins,
-- sign-outs, refused sign-ins, sessions ended, application views and searches. Each line says from
-- which client address (as the service saw it behind its proxies), which only admins see. A
-- search's words are never kept (they may be a passport number or a name): only what kind of
-- search it was, in details. A refused sign-in that names nobody (a forged or expired callback)
-- has no staff member: its line names 'unknown:' (no subject of ours begins so).
ALTER TABLE staff_audit ADD COLUMN client_address text CHECK (char_length(client_address) <= 64);

-- The sessions remember where they were opened from, for the admins' list of signed-in staff, and
-- what the roles are read again from the provider with (at least every 15 minutes of activity,
-- ASVS 5.0 7.4.2), and when they last were: the refresh token, or, where the provider gave none,
-- the access token at its userinfo endpoint (the session then lasts as long as that token). An
-- admin ends every session of a member of staff at once, by their id.
ALTER TABLE staff_sessions ADD COLUMN client_address text CHECK (char_length(client_address) <= 64);
ALTER TABLE staff_sessions ADD COLUMN refresh_token text CHECK (octet_length(refresh_token) <= 16384);
ALTER TABLE staff_sessions ADD COLUMN access_token text CHECK (octet_length(access_token) <= 16384);
ALTER TABLE staff_sessions ADD COLUMN roles_checked_at timestamptz;
UPDATE staff_sessions SET roles_checked_at = signed_in_at;
ALTER TABLE staff_sessions ALTER COLUMN roles_checked_at SET NOT NULL;

CREATE INDEX staff_sessions_staff_id ON staff_sessions (staff_id);
