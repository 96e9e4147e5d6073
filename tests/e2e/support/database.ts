// What the service stored, read from its PostgreSQL database when the browser tests run on one
// (DATABASE_URL set); on the embedded database, which belongs to the server process, undefined.
import pg from 'pg';
import { workerServices } from './services.ts';

export interface StoredApplication {
  readonly applicantId: string;
  readonly status: string;
  readonly concessionForm: Record<string, unknown>;
  readonly secondaryDetails: Record<string, unknown>;
}

/** Rows of the service's PostgreSQL database (on the main service, or the database at `url`). */
export async function rowsOf<R extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = workerServices().manual.databaseUrl,
): Promise<R[]> {
  if (url === '') throw new Error('The service runs on the embedded database: there is nothing to read');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The stored application with this applicant id (on the main service, or the database at `url`), or undefined without a database to read. */
export async function storedApplicationsOf(
  applicantId: string,
  url = workerServices().manual.databaseUrl,
): Promise<StoredApplication | undefined> {
  if (url === '') return undefined;
  const [row] = await rowsOf<{
    applicant_id: string;
    status: string;
    concession_form: Record<string, unknown>;
    secondary_details: Record<string, unknown>;
  }>(
    'SELECT applicant_id, status, concession_form, secondary_details FROM applications WHERE applicant_id = $1',
    [applicantId],
    url,
  );
  if (row === undefined) throw new Error(`No application ${applicantId} is stored`);
  return {
    applicantId: row.applicant_id,
    status: row.status,
    concessionForm: row.concession_form,
    secondaryDetails: row.secondary_details,
  };
}
