// The caseworker command, run against the service's PostgreSQL database (the only database it can
// share with the running service), as a caseworker at a terminal would.
import { runTsx } from '../../../src/server/test-support/child-process.ts';
import { workerServices } from './services.ts';

/** Runs `npm run caseworker -- <args>`; its output, or an error with what it printed on stderr. */
export async function caseworker(...args: string[]): Promise<string> {
  const result = await runTsx('src/server/cli/caseworker.ts', args, {
    DATABASE_URL: workerServices().manual.databaseUrl,
    DATA_DIR: '/tmp',
    LOG_LEVEL: 'warn',
  });
  if (result.code !== 0) throw new Error(`caseworker ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}
