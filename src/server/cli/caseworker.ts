// `npm run caseworker -- <command>`: the caseworker's commands against the configured database.
// Output is for a person at a terminal: plain text, and exit code 1 with a message on stderr
// whenever a command is refused.
import { userInfo } from 'node:os';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openMigratedDatabase } from '../services/service-database.ts';
import { createDocumentTokens } from '../tokens/document-tokens.ts';
import { runCaseworkerCommand } from './caseworker-commands.ts';

// The operating-system account stands for the caseworker in the audit trail.
function caseworkerName(): string {
  try {
    return userInfo().username || 'cli';
  } catch {
    // No passwd entry for the user (some containers).
    return 'cli';
  }
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  let database: Database | undefined;
  try {
    return await runCaseworkerCommand(process.argv.slice(2), {
      io: { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
      actor: `caseworker:${caseworkerName()}`,
      documentTokens: () => createDocumentTokens(config),
      openDatabase: async () => {
        database = await openMigratedDatabase(config);
        return database;
      },
    });
  } catch (error) {
    process.stderr.write(`The command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main();
