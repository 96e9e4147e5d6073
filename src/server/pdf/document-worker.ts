// A worker thread of the document pool (document-drawing.ts, decision 054): it draws pre-clearance
// PDFs so the server's event loop never does. Loading it parses the fonts and draws a few throwaway
// documents (preparePreClearanceDocuments), so a thread's first download costs what every later
// one does; the pool starts its threads as the server starts.
import { setPriority } from 'node:os';
import { workerData } from 'piscina';
import type { Language } from '#shared/i18n/languages.ts';
import {
  preparePreClearanceDocuments,
  renderPreClearanceDocuments,
  type PreClearanceDetails,
} from './pre-clearance-document.ts';

/** What the pool sends a thread: the documents of one download, or nothing (is the thread ready?). */
export interface DrawTask {
  readonly documents: readonly PreClearanceDetails[];
  readonly issuedAt: Date;
  readonly language: Language;
}

// The thread's own priority, below the event loop's (DRAWING_THREAD_NICE). On Linux a thread's nice
// value is its own: setpriority of "this process" (pid 0) sets the calling thread's. Elsewhere it
// would lower the whole server, so the threads keep its priority there.
if (process.platform === 'linux') setPriority((workerData as { nice: number }).nice);

await preparePreClearanceDocuments();

/** The PDF's bytes (copied back to the event loop's thread: a few hundred KiB), or null for a readiness check. */
export default async function draw(task: DrawTask | null): Promise<Uint8Array | null> {
  if (task === null) return null;
  return renderPreClearanceDocuments(task.documents, task.issuedAt, task.language);
}
