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

/** The text of the QR code on each page (undefined for a page without one). */
export async function pdfQrCodes(pdf: Uint8Array): Promise<Array<string | undefined>> {
  const folder = await mkdtemp(join(tmpdir(), 'pdf-qr-'));
  try {
    await writeFile(join(folder, 'document.pdf'), pdf);
    const first = await decodePages(folder, 150);
    // A page read at 150 dpi (3 pixels a module) that gives nothing is read again closer up, as
    // a phone moved nearer would.
    if (first.every((code) => code !== undefined)) return first;
    const closer = await decodePages(folder, 300);
    return first.map((code, index) => code ?? closer[index]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function decodePages(folder: string, dpi: number): Promise<Array<string | undefined>> {
  const prefix = `page-${dpi}`;
  await promisify(execFile)(process.env.PDFTOPPM_PATH ?? 'pdftoppm', [
    '-r',
    String(dpi),
    '-png',
    join(folder, 'document.pdf'),
    join(folder, prefix),
  ]);
  // pdftoppm numbers the pages with as many digits as the last needs, so names sort in page order.
  const pages = (await readdir(folder)).filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.png')).sort();
  const codes: Array<string | undefined> = [];
  for (const page of pages) {
    const image = PNG.sync.read(await readFile(join(folder, page)));
    codes.push(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data);
  }
  return codes;
}
