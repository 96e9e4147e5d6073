import { describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../test-support/pdf-text.ts';
import { sampleDocumentDetails } from '../test-support/sample-documents.ts';
import { renderPreClearanceDocuments, type PreClearanceDetails } from './pre-clearance-document.ts';

const ISSUED = new Date('2026-03-02T10:00:00Z');

const details = (familyName: string, givenNames: string, overrides: Partial<PreClearanceDetails> = {}) =>
  sampleDocumentDetails({
    applicationReference: `0f8fad5b-d9cb-469f-a165-${familyName.length.toString().padStart(12, '0')}`,
    familyName,
    givenNames,
    ...overrides,
  });

describe('the pre-clearance document', () => {
  it('holds every field, one A4 page per applicant, with names in any alphabet printed as written', async () => {
    const people = [
      details('Żółć', 'Łukasz'),
      details('Nguyễn', 'Thị Minh Khai', {
        nationality: 'VNM - Vietnamese',
        methodOfArrival: 'road',
        placeOfDeparture: 'Dundalk',
        portOfArrival: 'Newry',
      }),
      details('Ó Súilleabháin', 'Seán', { nationality: 'IRL - Irish' }),
      details('Öberg', 'Åsa', { nationality: 'SWE - Swedish' }),
    ];
    const pdf = await renderPreClearanceDocuments(people, ISSUED);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toContain('/MarkInfo');
    expect(text).toContain('/StructTreeRoot');
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);

    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(4);
    const [polish, vietnamese, irish, swedish] = pages;
    for (const page of pages) {
      for (const expected of [
        'Pre-clearance document',
        'Example Theatre Company Ltd',
        'TNBHDW2R7',
        'C2G8K51234567Q',
        'EA1234567',
        '17 May 1990',
        '12 March 2026',
        '13 March 2026 to 11 April 2026',
        'No later than 25 April 2026',
        'Date of issue',
        '02 March 2026',
      ]) {
        expect(page).toContain(expected);
      }
    }
    expect(polish).toContain('Żółć');
    expect(polish).toContain('Łukasz');
    expect(polish).toContain('POL - Polish');
    expect(polish).toContain('By plane');
    expect(polish).toContain('Aer Lingus EI154');
    expect(polish).toContain('Dublin Airport');
    expect(polish).toContain('London Heathrow Airport');
    expect(polish).toContain(people[0]!.applicationReference);
    expect(vietnamese).toContain('Nguyễn');
    expect(vietnamese).toContain('Thị Minh Khai');
    expect(vietnamese).toContain('By road or ferry');
    expect(vietnamese).not.toContain('EI154');
    expect(irish).toContain('Ó Súilleabháin');
    expect(swedish).toContain('Öberg');
    expect(swedish).toContain('Åsa');
  });

  it('reads back as written whatever documents came before it in the process (the fonts are parsed once and shared)', async () => {
    // Ż is drawn as Z and a dot: subsetting it once must not leave a later plain Z unreadable.
    const first = await renderPreClearanceDocuments([details('Żółć', 'Åsa')], ISSUED);
    const again = await renderPreClearanceDocuments([details('Żółć', 'Åsa')], ISSUED);
    expect(again.equals(first)).toBe(true);
    const [page] = await pdfPageTexts(
      await renderPreClearanceDocuments([details('Zapata', 'Ana', { applicationReference: 'CWC-AZ7ZZ-Z' })], ISSUED),
    );
    expect(page).toContain('Zapata');
    expect(page).toContain('CWC-AZ7ZZ-Z');
  });

  it('refuses to make an empty document', async () => {
    await expect(renderPreClearanceDocuments([], ISSUED)).rejects.toThrow();
  });
});
