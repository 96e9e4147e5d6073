// Whether the service is ready: its database takes writes (health-routes.ts answers the probe).
import type { Database } from '../db/database.ts';
import { isDatabaseWritable } from '../db/health-repository.ts';

/**
 * Whether the database took a write within `timeoutMs`. A database that neither answers nor fails
 * (a network partition) must still fail the probe before the load balancer's own timeout.
 */
export async function databaseTakesWrites(database: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([isDatabaseWritable(database), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
