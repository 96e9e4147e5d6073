-- The readiness probe (/health/ready) writes here: a database that answers reads but cannot
-- store anything (a full disk, a read-only standby after a failover) must take the instance out
-- of the load balancer, and only a write that needs new space finds that out. The probe empties
-- the table and writes its one row again, so the table never grows.

CREATE TABLE readiness_probe (
  id        boolean     PRIMARY KEY DEFAULT true CHECK (id),
  probed_at timestamptz NOT NULL
);
