// The services this test file's worker reaches (global-setup.ts starts a pair for each worker, so
// test files running at the same time never share a service).
import { inject } from 'vitest';
import type { WorkerServices } from '../global-setup.ts';

/** The services of the worker running this file: `manual` (MANUAL_REVIEW on) and `automatic`. */
export function workerServices(): WorkerServices {
  const all = inject('services');
  // Vitest numbers its workers from 1 to maxWorkers, the number of pairs started.
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const services = all[(poolId - 1) % all.length];
  if (services === undefined) throw new Error('The browser tests run only through their global setup');
  return services;
}
