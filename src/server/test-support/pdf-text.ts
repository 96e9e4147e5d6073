// Test support (not a test file): the text of each page of a PDF, read with pdf.js.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page, its pieces joined by spaces. */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The size of every piece of text on each page, in points, as the text's matrix scales its font. */
export async function pdfTextSizes(pdf: Uint8Array): Promise<number[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const pages: number[][] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(
        content.items.flatMap((item) => {
          if (!('str' in item) || item.str.trim() === '') return [];
          const [a, b] = item.transform as number[];
          return [Math.round(Math.hypot(a!, b!) * 100) / 100];
        }),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
