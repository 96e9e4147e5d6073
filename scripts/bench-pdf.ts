// npm run bench:pdf: the time to make the pre-clearance PDF for 1, 10 and 100 applicants
// (median of several runs after a warm-up), and its size.
import { renderPreClearanceDocuments } from '../src/server/pdf/pre-clearance-document.ts';
import { sampleDocumentDetails } from '../src/server/test-support/sample-documents.ts';

const runs = Number(process.env.BENCH_RUNS ?? 15);

const NAMES = [['Żółć', 'Łukasz'], ['Nguyễn', 'Thị Minh Khai'], ['Ó Súilleabháin', 'Seán'], ['Öberg', 'Åsa']] as const;

const applicant = (index: number) =>
  sampleDocumentDetails({
    applicationReference: `0f8fad5b-d9cb-469f-a165-${String(index).padStart(12, '0')}`,
    familyName: NAMES[index % 4]![0],
    givenNames: NAMES[index % 4]![1],
    passportNumber: `EA${String(index).padStart(7, '0')}`,
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const rows = [];
for (const count of [1, 10, 100]) {
  const documents = Array.from({ length: count }, (_, i) => applicant(i));
  await renderPreClearanceDocuments(documents, new Date());
  const times: number[] = [];
  let size = 0;
  for (let run = 0; run < (count === 100 ? Math.max(3, Math.floor(runs / 3)) : runs); run += 1) {
    const started = performance.now();
    size = (await renderPreClearanceDocuments(documents, new Date())).length;
    times.push(performance.now() - started);
  }
  rows.push({ applicants: count, 'median ms': Number(median(times).toFixed(1)), 'ms per document': Number((median(times) / count).toFixed(2)), 'size KiB': Math.round(size / 1024) });
}
console.log(`Pre-clearance PDF (pdfkit, DejaVu Sans embedded), Node.js ${process.version}`);
console.table(rows);
