import { describe, expect, it } from 'vitest';
import { popplerPageTexts } from './test-support/pdf-poppler.ts';
import { pdfQrCodes } from '../test-support/pdf-qr-codes.ts';
import { pdfPageTexts, pdfTextSizes } from '../test-support/pdf-text.ts';
import { sampleDocumentDetails } from '../test-support/sample-documents.ts';
import { renderPreClearanceDocuments, type PreClearanceDetails } from './pre-clearance-document.ts';

const ISSUED = new Date('2026-03-02T10:00:00Z');

const details = (familyName: string, givenNames: string, overrides: Partial<PreClearanceDetails> = {}) =>
  sampleDocumentDetails({
    applicationReference: `CWC-7K3M9-QF2X${familyName.length.toString(32).toUpperCase().padStart(1, '0')}-B`,
    checkCode: `K3M9-QF2${familyName.length}-A`,
    checkLink: `https://apply.example.gov.uk/check-a-clearance?t=${familyName.length}.${'x'.repeat(400)}`,
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
        'Remote clearance granted',
        'Example Theatre Company Ltd',
        'TNBHDW2R7',
        'C2G8K51234567Q',
        'EA1234567',
        'Passport expiry date 14 July 2034',
        'Date of birth 17 May 1990',
        '12 March 2026',
        'Work dates 13 March 2026 to 11 April 2026',
        'Leave the UK no later than 25 April 2026',
        'Document issued on 02 March 2026 at 10:00 (UK time)',
        'This clearance is for paid creative work for Example Theatre Company Ltd from 13 March 2026 to 11 April 2026 only.',
        'The worker must leave the UK no later than 25 April 2026.',
        'Check code',
        'https://apply.example.gov.uk/check-a-clearance',
        'The answer on that page is what counts',
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
    expect(polish).toContain(people[0]!.checkCode);
    expect(swedish).toContain(people[3]!.checkCode);
    expect(polish).not.toContain('Date of issue');
    expect(polish).not.toContain('email sent to the sponsor');
    expect(vietnamese).toContain('Nguyễn');
    expect(vietnamese).toContain('Thị Minh Khai');
    expect(vietnamese).toContain('By road or ferry');
    expect(vietnamese).not.toContain('EI154');
    expect(irish).toContain('Ó Súilleabháin');
    expect(swedish).toContain('Öberg');
    expect(swedish).toContain('Åsa');
  });

  it('prints one Name line for a passport that shows only one name, and no empty given names line (decision 029)', async () => {
    const [page] = await pdfPageTexts(await renderPreClearanceDocuments([details('Suharto', '')], ISSUED));
    expect(page).toContain('Name Suharto');
    expect(page).not.toContain('Given names');
    expect(page).not.toContain('Family name');
    const [two] = await pdfPageTexts(await renderPreClearanceDocuments([details('Öberg', 'Åsa')], ISSUED));
    expect(two).toContain('Given names Åsa');
    expect(two).toContain('Family name Öberg');
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

  it('prints on each page a QR code that a reader decodes to that document’s check link, and links it on screen', async () => {
    const people = [details('Żółć', 'Łukasz'), details('Öberg', 'Åsa'), details('Nguyễn', 'Thị Minh Khai')];
    const pdf = await renderPreClearanceDocuments(people, ISSUED);
    expect(await pdfQrCodes(pdf)).toEqual(people.map((person) => person.checkLink));
    // The same link is the QR code's link annotation, for a reader of the PDF on screen.
    for (const person of people) expect(pdf.toString('latin1')).toContain(`/URI (${person.checkLink})`);
  });

  it('is tagged for screen readers: title, language, headings, the figures described, the details a table', async () => {
    const pdf = (await renderPreClearanceDocuments([details('Żółć', 'Łukasz')], ISSUED)).toString('latin1');
    expect(pdf).toContain('/Lang (en-GB)');
    expect(pdf).toMatch(/\/DisplayDocTitle true/);
    for (const tag of ['/H1', '/H2', '/Figure', '/Table', '/TH', '/TD', '/L', '/LI', '/LBody'])
      expect(pdf).toContain(`/S ${tag}`);
    expect(pdf).toContain('/Alt (Royal coat of arms)');
    expect(pdf).toMatch(/\/Alt \(QR code: a link to the check page for check code K3M9-QF24-A\)/);
  });

  it('keeps to one page per worker with every answer as long as the service takes it', async () => {
    const words = (length: number, word: string) => word.repeat(Math.ceil(length / word.length)).slice(0, length);
    const longest = details(words(100, 'Wolfeschlegelsteinhausen '), words(100, 'Maximiliana '), {
      sponsorName: words(160, 'Theatre Company '),
      sponsorReference: 'X'.repeat(50),
      cosReference: 'C'.repeat(50),
      placeOfDeparture: words(100, 'Dublin '),
      portOfArrival: words(100, 'Heathrow '),
      carrier: words(100, 'Aer '),
      flightNumber: 'F'.repeat(20),
    });
    const pages = await pdfPageTexts(
      await renderPreClearanceDocuments([longest, details('Öberg', 'Åsa'), longest], ISSUED),
    );
    expect(pages).toHaveLength(3);
    for (const page of [pages[0]!, pages[2]!]) {
      expect(page).toContain('Remote clearance granted');
      expect(page).toContain('The answer on that page is what counts');
    }
  });

  it('carries the Welsh text beneath the English for a sponsor who used Welsh (decision 032)', async () => {
    const pdf = await renderPreClearanceDocuments([details('Llŷr Ŵyn', 'Siân')], ISSUED, 'cy');
    // Each text twice at 9 pt or more takes more than a page: read as one text.
    const page = (await pdfPageTexts(pdf)).join(' ');
    const englishThenWelsh = [
      ['Pre-clearance document', 'Dogfen cyn-gliriad'],
      ['Remote clearance granted', 'Cliriad o bell wedi’i roi'],
      ['may enter the UK from the Republic of Ireland', 'ddod i mewn i’r DU o Weriniaeth Iwerddon'],
      ['Given names', 'Enwau cyntaf'],
      ['Passport expiry date', 'Dyddiad dod i ben y pasbort'],
      ['Certificate of sponsorship number', 'Rhif tystysgrif nawdd'],
      ['By plane', 'Mewn awyren'],
      ['13 March 2026 to 11 April 2026', '13 Mawrth 2026 i 11 Ebrill 2026'],
      ['02 March 2026 at 10:00 (UK time)', '02 Mawrth 2026 am 10:00 (amser y DU)'],
      ['Conditions / Amodau', 'The worker must leave the UK no later than 25 April 2026.'],
      [
        'The worker must leave the UK no later than 25 April 2026.',
        'Rhaid i’r gweithiwr adael y DU dim hwyrach na 25 Ebrill 2026.',
      ],
      ['Check code', 'Cod gwirio'],
      ['Check this document', 'Gwirio’r ddogfen hon'],
      ['The answer on that page is what counts', 'Yr ateb ar y dudalen honno sy’n cyfrif'],
    ];
    for (const [english, welsh] of englishThenWelsh) {
      expect(page).toContain(english);
      expect(page).toContain(welsh);
      expect(page.indexOf(english!)).toBeLessThan(page.indexOf(welsh!));
    }
    // The worker's name as written, with the Welsh letters of the embedded font.
    expect(page).toContain('Llŷr Ŵyn');
    expect(page).toContain('Siân');
    // The values stay as the officers read them: English dates.
    expect(page).toContain('14 July 2034');
  });

  it('continues a Welsh document too long for a page at 9 pt on a page with the same QR code, check code, name and reference', async () => {
    const words = (length: number, word: string) => word.repeat(Math.ceil(length / word.length)).slice(0, length);
    const longest = details(words(100, 'Wolfeschlegelsteinhausen '), words(100, 'Maximiliana '), {
      sponsorName: words(160, 'Theatre Company '),
      sponsorReference: 'X'.repeat(50),
      cosReference: 'C'.repeat(50),
      placeOfDeparture: words(100, 'Dublin '),
      portOfArrival: words(100, 'Heathrow '),
      carrier: words(100, 'Aer '),
      flightNumber: 'F'.repeat(20),
    });
    const pdf = await renderPreClearanceDocuments([longest], ISSUED, 'cy');
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(2);
    const [first, second] = pages as [string, string];
    expect(first).toContain('Remote clearance granted');
    expect(first).toContain('Continued on the next page / Yn parhau ar y dudalen nesaf');
    expect(second).toContain('Pre-clearance document, continued Dogfen cyn-gliriad, parhad');
    expect(second).toContain('Yr ateb ar y dudalen honno sy’n cyfrif');
    for (const page of pages) {
      expect(page).toContain(longest.checkCode);
      expect(page).toContain(longest.applicationReference);
      expect(page).toContain('Wolfeschlegelsteinhausen');
    }
    // Every page of it can be checked on its own: the same document, the same link.
    expect(await pdfQrCodes(pdf)).toEqual([longest.checkLink, longest.checkLink]);
  });

  it('lays out Arabic and mixed answers right to left by the Unicode Bidirectional Algorithm, shaped (decision 046)', async () => {
    const arabic = details('الحسيني', 'ليلى', {
      nationality: 'JOR - Jordanian',
      sponsorName: 'مؤسسة الفنون الإبداعية',
      placeOfDeparture: 'Dublin Airport',
      portOfArrival: 'مطار مانشستر',
      carrier: 'Emirates',
      flightNumber: 'EK ٢٠٥',
    });
    const pdf = await renderPreClearanceDocuments([arabic], ISSUED);
    // poppler reads the glyphs where they stand and gives right-to-left runs back in reading
    // order (marked with U+202B … U+202C, taken out here): what it reads is what the page shows.
    const [page] = (await popplerPageTexts(pdf)).map((text) => text.replace(/[\u202a-\u202e]/g, '')) as [string];
    // Digits keep their order inside right-to-left text: 205, not 502.
    expect(page).toContain('Emirates EK ٢٠٥');
    expect(page).not.toContain('٥٠٢');
    // Words follow one another right to left, a space between them, not run together.
    expect(page).toContain('مطار مانشستر');
    expect(page).not.toContain('مانشسترمطار');
    expect(page).toContain('الحسيني');
    expect(page).toContain('ليلى');
    // Shaped: lam and alef are one glyph (the font's ligature), which extractors give back with
    // its two letters the other way round, as they turn a right-to-left run character by character.
    expect(page).toMatch(/مؤسسة الفنون ا(لإ|إل)بداعية/);
    // A sentence that quotes an Arabic name keeps its English order around it.
    expect(page).toMatch(/for paid creative work for\s+مؤسسة الفنون ا(لإ|إل)بداعية\s*from 13 March 2026/);
    // The QR code still reads.
    expect(await pdfQrCodes(pdf)).toEqual([arabic.checkLink]);
  });

  it('sets no text under 9 pt, English or bilingual, with every answer as long as the service takes it', async () => {
    const words = (length: number, word: string) => word.repeat(Math.ceil(length / word.length)).slice(0, length);
    const longest = details(words(100, 'Wolfeschlegelsteinhausen '), words(100, 'Maximiliana '), {
      sponsorName: words(160, 'Theatre Company '),
      sponsorReference: 'X'.repeat(50),
      cosReference: 'C'.repeat(50),
      placeOfDeparture: words(100, 'Dublin '),
      portOfArrival: words(100, 'Heathrow '),
      carrier: words(100, 'Aer '),
      flightNumber: 'F'.repeat(20),
    });
    for (const language of ['en', 'cy'] as const) {
      const pdf = await renderPreClearanceDocuments([details('Öberg', 'Åsa'), longest], ISSUED, language);
      const sizes = (await pdfTextSizes(pdf)).flat();
      expect(sizes.length).toBeGreaterThan(50);
      expect(Math.min(...sizes), language).toBeGreaterThanOrEqual(9);
    }
  });

  it('refuses to make an empty document', async () => {
    await expect(renderPreClearanceDocuments([], ISSUED)).rejects.toThrow();
  });
});
