// npm run bench:pdf: the time to make the pre-clearance PDF for 1, 10 and 100 applicants
// (median of several runs after a warm-up), and its size.
import { renderPreClearanceDocuments, type PreClearanceDetails } from '../src/server/pdf/pre-clearance-document.ts';

const runs = Number(process.env.BENCH_RUNS ?? 15);

function applicant(index: number): PreClearanceDetails {
  return {
    applicationReference: `0f8fad5b-d9cb-469f-a165-${String(index).padStart(12, '0')}`,
    familyName: ['Żółć', 'Nguyễn', 'Ó Súilleabháin', 'Öberg'][index % 4]!,
    givenNames: ['Łukasz', 'Thị Minh Khai', 'Seán', 'Åsa'][index % 4]!,
    dateOfBirth: '1990-05-17',
    nationality: 'POL - Polish',
    passportNumber: `EA${String(index).padStart(7, '0')}`,
    cosReference: `C2G8K5${String(index).padStart(7, '0')}Q`,
    sponsorName: 'Example Theatre Company Ltd',
    sponsorReference: 'TNBHDW2R7',
    arrivalDate: '2026-03-12',
    methodOfArrival: 'plane',
    placeOfDeparture: 'Dublin Airport',
    portOfArrival: 'London Heathrow Airport',
    carrier: 'Aer Lingus',
    flightNumber: 'EI154',
    firstWorkDate: '2026-03-13',
    lastWorkDate: '2026-04-11',
    leaveDate: '2026-04-25',
  };
}

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
