// Where pre-clearance PDFs are drawn (decision 054). Drawing a 10-document download takes about
// 75 ms of CPU; on the server's one event loop that stalled every other request while it ran, and
// ten downloads at once stalled the instance. The server draws them in a pool of worker threads
// (piscina), each with the fonts parsed and the hot paths compiled at start-up, and admits only as
// many downloads as the threads and a bounded queue hold: one more is told to come back
// (503 with Retry-After) before anything is signed or recorded for it.
import { Piscina } from 'piscina';
import type { Language } from '#shared/i18n/languages.ts';
import type { DrawTask } from './document-worker.ts';
import { renderPreClearanceDocuments, type PreClearanceDetails } from './pre-clearance-document.ts';

/** Draws one download's documents as one PDF. */
export type DrawDocuments = (
  documents: readonly PreClearanceDetails[],
  issuedAt: Date,
  language: Language,
) => Promise<Buffer>;

/** What a download's work came to: its value, or no room for it (nothing was run). */
export type WithPlace<T> =
  { readonly outcome: 'done'; readonly value: T } | { readonly outcome: 'busy'; readonly retryAfterSeconds: number };

export interface DocumentDrawing {
  /**
   * Runs `work` (which draws with `draw`) holding one of the places for downloads, or answers
   * 'busy' without running it when every place is taken. A place is held for the whole of the
   * work, so what the work does before drawing (signing, recording) is bounded too.
   */
  withPlace<T>(work: (draw: DrawDocuments) => Promise<T>): Promise<WithPlace<T>>;
  /** Resolves once every thread has parsed its fonts and drawn its throwaway documents. */
  ready(): Promise<void>;
  /** Ends the threads once the work in hand is done. */
  close(): Promise<void>;
}

/**
 * The drawing threads' nice value: they give way to the event loop's thread, so the status calls
 * and pages beside a burst of downloads keep their speed while the downloads wait their turn
 * (Linux's scheduler gives a thread at nice 10 about a tenth of the share of one at 0).
 */
export const DRAWING_THREAD_NICE = 10;

/** How long a refused download is told to wait: the queue drains in about a second at its default size. */
const BUSY_RETRY_AFTER_SECONDS = 5;

export interface DocumentPoolOptions {
  /** Worker threads drawing at once (DOCUMENT_THREADS). */
  readonly threads: number;
  /** Downloads waiting for a thread beyond those being drawn (DOCUMENT_QUEUE); one more is refused. */
  readonly queue: number;
}

// From the source (tests, tsx) the thread loads the TypeScript module through tsx's loader, as the
// process that started it does; the built server has it bundled beside main.js (build-server.ts).
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './document-worker.ts' : './document-worker.js', import.meta.url);

/**
 * The server's pool of drawing threads. The threads start at the first call of ready() (the
 * server's start-up: main.ts waits for them before it listens) or, in an app that never called
 * it (tests), at its first download.
 */
export function createDocumentPool(options: DocumentPoolOptions): DocumentDrawing {
  const threads = Math.max(1, options.threads);
  let pool: Piscina<DrawTask | null, Uint8Array | null> | undefined;
  let started: Promise<void> | undefined;
  const start = () => {
    pool ??= new Piscina<DrawTask | null, Uint8Array | null>({
      filename: WORKER_FILE.href,
      minThreads: threads,
      maxThreads: threads,
      // Threads stay, warm, for the life of the server: a new one would parse the fonts again.
      idleTimeout: Number.POSITIVE_INFINITY,
      // A small heap is collected often: without a limit a thread's heap grew by over 100 MiB in a
      // burst of downloads and the process kept it. 128 MiB draws 100 Welsh documents at once with
      // room to spare; a thread that ran out would be replaced by piscina, its download a 500.
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 4 },
      workerData: { nice: DRAWING_THREAD_NICE },
      ...(fromSource && { execArgv: ['--import', 'tsx'] }),
    });
    return pool;
  };
  const draw: DrawDocuments = async (documents, issuedAt, language) => {
    const pdf = await start().run({ documents, issuedAt, language });
    if (pdf === null) throw new Error('A drawing thread answered no document');
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  };
  return {
    ...admitting(threads + Math.max(0, options.queue), draw),
    // One readiness check a thread, at once: each thread answers once its module has loaded.
    ready: () =>
      (started ??= Promise.all(Array.from({ length: threads }, () => start().run(null))).then(() => undefined)),
    close: async () => {
      await pool?.close();
    },
  };
}

/**
 * Drawing on the calling thread, with no bound: for the tests of the documents' contents and for
 * tools that draw nothing else meanwhile. The server uses createDocumentPool.
 */
export function drawingHere(): DocumentDrawing {
  return {
    ...admitting(Number.POSITIVE_INFINITY, (documents, issuedAt, language) =>
      renderPreClearanceDocuments(documents, issuedAt, language),
    ),
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** Counts the places taken: at most `places` pieces of work run at once, the rest are refused. */
function admitting(places: number, draw: DrawDocuments): Pick<DocumentDrawing, 'withPlace'> {
  let taken = 0;
  return {
    async withPlace(work) {
      if (taken >= places) return { outcome: 'busy', retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
      taken += 1;
      try {
        return { outcome: 'done', value: await work(draw) };
      } finally {
        taken -= 1;
      }
    },
  };
}
