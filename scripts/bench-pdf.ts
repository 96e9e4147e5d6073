// npm run bench:pdf: the time to make the pre-clearance PDF for 1, 10 and 100 applicants
// (median of several runs after a warm-up), and its size; and, first, what the server’s start-up
// preparation costs (fonts parsed, a few throwaway documents) and the first document after it.
//
// Options (environment): BENCH_RUNS (15), BENCH_WARMUP (20: renders before measuring; V8 compiles
// pdfkit's and fontkit's hot paths over the first few dozen documents, as a running server has).
import { preparePreClearanceDocuments, renderPreClearanceDocuments } from '../src/server/pdf/pre-clearance-document.ts';
import { sampleDocumentDetails } from '../src/server/test-support/sample-documents.ts';

const runs = Number(process.env.BENCH_RUNS ?? 15);
const warmUps = Number(process.env.BENCH_WARMUP ?? 20);

const NAMES = [
  ['Żółć', 'Łukasz'],
  ['Nguyễn', 'Thị Minh Khai'],
  ['Ó Súilleabháin', 'Seán'],
  ['Öberg', 'Åsa'],
] as const;

const applicant = (index: number) =>
  sampleDocumentDetails({
    applicationReference: `0f8fad5b-d9cb-469f-a165-${String(index).padStart(12, '0')}`,
    familyName: NAMES[index % 4]![0],
    givenNames: NAMES[index % 4]![1],
    passportNumber: `EA${String(index).padStart(7, '0')}`,
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const timed = async (fn: () => unknown) => {
  const started = performance.now();
  await fn();
  return Number((performance.now() - started).toFixed(1));
};
const startUp = await timed(preparePreClearanceDocuments);
const firstDocument = await timed(() => renderPreClearanceDocuments([applicant(0)], new Date()));

const rows = [];
for (const count of [1, 10, 100]) {
  const documents = Array.from({ length: count }, (_, i) => applicant(i));
  for (let warmUp = 0; warmUp < (count === 100 ? Math.ceil(warmUps / 10) : warmUps); warmUp += 1) {
    await renderPreClearanceDocuments(documents, new Date());
  }
  const times: number[] = [];
  let size = 0;
  for (let run = 0; run < (count === 100 ? Math.max(3, Math.floor(runs / 3)) : runs); run += 1) {
    const started = performance.now();
    size = (await renderPreClearanceDocuments(documents, new Date())).length;
    times.push(performance.now() - started);
  }
  rows.push({
    applicants: count,
    'median ms': Number(median(times).toFixed(1)),
    'ms per document': Number((median(times) / count).toFixed(2)),
    'size KiB': Math.round(size / 1024),
  });
}
console.log(`Pre-clearance PDF (pdfkit, DejaVu Sans embedded), Node.js ${process.version}`);
console.log(
  `Start-up preparation (fonts, a few throwaway documents): ${startUp} ms; the first document after it: ${firstDocument} ms`,
);
console.table(rows);
