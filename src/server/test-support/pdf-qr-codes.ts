// Test support (not a test file): what the QR code on each page of a PDF says, read the way a
// phone would read it: the page rendered to an image (poppler's pdftoppm, as a printer would
// draw it) and the image decoded by jsQR. Nothing is taken from the PDF's own structure.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of the QR code on each page (undefined for a page without one), pages rendered at `dpi`. */
export async function pdfQrCodes(pdf: Uint8Array, dpi = 150): Promise<Array<string | undefined>> {
  const folder = await mkdtemp(join(tmpdir(), 'pdf-qr-'));
  try {
    await writeFile(join(folder, 'document.pdf'), pdf);
    await promisify(execFile)(process.env.PDFTOPPM_PATH ?? 'pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      join(folder, 'document.pdf'),
      join(folder, 'page'),
    ]);
    const pages = (await readdir(folder)).filter((name) => name.endsWith('.png')).sort();
    const codes: Array<string | undefined> = [];
    for (const page of pages) {
      const image = PNG.sync.read(await readFile(join(folder, page)));
      codes.push(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data);
    }
    return codes;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
