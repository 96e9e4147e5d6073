// A worker thread of the document pool (document-drawing.ts, decision 054): it draws pre-clearance
// PDFs so the server's event loop never does. Loading it parses the fonts and draws a few throwaway
// documents (preparePreClearanceDocuments), so a thread's first download costs what every later
// one does; the pool starts its threads as the server starts.
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

await preparePreClearanceDocuments();

/** The PDF's bytes (copied back to the event loop's thread: a few hundred KiB), or null for a readiness check. */
export default async function draw(task: DrawTask | null): Promise<Uint8Array | null> {
  if (task === null) return null;
  return renderPreClearanceDocuments(task.documents, task.issuedAt, task.language);
}
