// Test support (not a test file): a PDF read by poppler, as a reader's viewer or a copy and paste
// would: the text of each page as `pdftotext` extracts it (poppler puts right-to-left runs back in
// reading order from where their glyphs stand).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function inFolder<T>(pdf: Uint8Array, work: (file: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'pdf-poppler-'));
  try {
    const file = join(folder, 'document.pdf');
    await writeFile(file, pdf);
    return await work(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The text of each page as poppler's `pdftotext` reads it, lines as laid out (`-layout` off: reading order). */
export function popplerPageTexts(pdf: Uint8Array): Promise<string[]> {
  return inFolder(pdf, async (file) => {
    const { stdout } = await run(process.env.PDFTOTEXT_PATH ?? 'pdftotext', ['-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    // pdftotext ends every page with a form feed.
    return stdout.split('\f').slice(0, -1);
  });
}
