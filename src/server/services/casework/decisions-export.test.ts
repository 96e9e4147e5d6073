import { describe, expect, it } from 'vitest';
import { parseCsv } from '#shared/csv/csv.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { listStaffActions } from '../../db/staff-audit-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { decideApplication } from '../decisions/decide-application.ts';
import { csvCell, exportDecisions, MAX_EXPORT_DAYS } from './decisions-export.ts';
import { cliStaffMember } from './staff.ts';
import { setApplicationStatus } from './staff-actions.ts';

const ann = { id: 'subject-ann', name: 'Ann' };

describe('a CSV cell', () => {
  it('is quoted only when it must be, its quotes doubled', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('never begins with what a spreadsheet reads as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ['+', '-', '@']) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell('\t1')).toBe(`"'\t1"`);
    expect(csvCell('\r1')).toBe(`"'\r1"`);
    expect(csvCell('1-2')).toBe('1-2');
  });

  it('holds no formula after any separator a spreadsheet may split on, and stays one cell there', () => {
    expect(csvCell('TNB;=1+1')).toBe(`"'TNB;=1+1"`);
    for (const separator of [',', ';', '\t', '|', '\n', '\r\n', '\r'])
      for (const start of ['=', '+', '-', '@', ' =']) {
        const value = `TNB${separator}${start}1+1`;
        const cell = csvCell(value);
        // Quoted, so a spreadsheet splitting on that separator keeps it whole, and text from its apostrophe.
        expect(cell.startsWith(`"'`)).toBe(true);
        expect(parseCsv(`${cell},x`)).toEqual([[`'${value}`, 'x']]);
      }
  });

  it('leaves legitimate values as they read', () => {
    for (const value of ['Smith-Jones', '2026-03-02T10:00:00.000Z', 'automated', 'CWC-7K3M9-QF2XA-B', 'Côte d’Ivoire'])
      expect(csvCell(value)).toBe(value);
    // A separator alone only quotes the cell.
    expect(csvCell('Dates wrong; leave too late')).toBe('"Dates wrong; leave too late"');
    expect(csvCell('a|b')).toBe('"a|b"');
    expect(csvCell('10 - 12 days')).toBe('10 - 12 days');
  });
});

describe.each(testEngines())('the decisions export on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('writes one row per decision made in the London days asked for, without passport numbers, audited', async () => {
    const submitted = new Date('2026-06-29T09:00:00Z');
    const stored = await storeSubmission(
      test.db,
      sampleSubmission(submitted, [{}, {}, {}, {}, {}], { sponsorReference: '=cmd|calc' }),
      submitted,
    );
    if (stored.outcome !== 'created') throw new Error('not created');
    const [auto, approved, rejected, withdrawnLater, tooEarly] = stored.applicants.map((a) => a.applicantId) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const at = (iso: string) => ({ database: test.db, now: () => new Date(iso) });
    await setApplicationStatus(at('2026-06-30T22:59:00Z'), ann, { action: 'approve', reference: tooEarly });
    await decideApplication(test.db, auto, { manualReview: false, now: new Date('2026-06-30T23:00:00Z') });
    // Times to the millisecond, as Date.toISOString writes them, padded.
    await setApplicationStatus(at('2026-07-01T10:00:00.007Z'), ann, { action: 'approve', reference: approved });
    await setApplicationStatus(at('2026-07-01T11:00:00Z'), cliStaffMember('bob'), {
      action: 'reject',
      reference: rejected,
      reason: 'routing',
    });
    await setApplicationStatus(at('2026-07-02T12:00:00Z'), ann, { action: 'approve', reference: withdrawnLater });
    await setApplicationStatus(at('2026-07-05T12:00:00.999Z'), ann, {
      action: 'withdraw',
      reference: withdrawnLater,
      reason: 'Cancelled',
    });

    const result = await exportDecisions(at('2026-07-10T08:00:00Z'), ann, { from: '2026-07-01', to: '2026-07-02' });
    // Who decided: the staff member's name and id, as their audit line has them.
    const annDecided = `${ann.name} (${ann.id})`;
    if (result.outcome !== 'done') throw new Error(`not done: ${JSON.stringify(result)}`);
    expect(result.fileName).toBe('decisions-2026-07-01-to-2026-07-02.csv');
    expect(result.rows).toBe(4);
    expect(result.csv.endsWith('\r\n')).toBe(true);
    expect(result.csv.split('\r\n')).toHaveLength(6);
    expect(result.csv).not.toContain('P0000000');
    expect(result.csv).not.toContain('sponsor@example.org');
    expect(result.csv).not.toContain('Family');
    const [header, ...rows] = parseCsv(result.csv).filter((row) => row.length > 1);
    expect(header).toEqual([
      'reference',
      'submitted_at',
      'decided_at',
      'decision',
      'rejection_reason',
      'decided_by',
      'withdrawn_at',
      'sponsor_licence_number',
      'nationality',
      'arrival_date',
      'first_work_date',
      'last_work_date',
      'leave_date',
    ]);
    expect(rows.map((row) => row.slice(0, 8))).toEqual([
      [auto, '2026-06-29T09:00:00.000Z', '2026-06-30T23:00:00.000Z', 'approved', '', 'automated', '', "'=cmd|calc"],
      [approved, '2026-06-29T09:00:00.000Z', '2026-07-01T10:00:00.007Z', 'approved', '', annDecided, '', "'=cmd|calc"],
      [
        rejected,
        '2026-06-29T09:00:00.000Z',
        '2026-07-01T11:00:00.000Z',
        'rejected',
        'routing',
        'bob (cli:bob)',
        '',
        "'=cmd|calc",
      ],
      [
        withdrawnLater,
        '2026-06-29T09:00:00.000Z',
        '2026-07-02T12:00:00.000Z',
        'approved',
        '',
        annDecided,
        '2026-07-05T12:00:00.999Z',
        "'=cmd|calc",
      ],
    ]);
    expect(rows[0]?.[9]).toBe('2026-07-09');
    expect(rows[0]?.[8]).not.toBe('');

    const { lines } = await listStaffActions(test.db, { action: 'export-decisions' }, { limit: 10, offset: 0 });
    expect(lines).toEqual([
      expect.objectContaining({
        staffId: ann.id,
        applicantId: null,
        details: { from: '2026-07-01', to: '2026-07-02', rows: 4 },
      }),
    ]);
  });

  it('refuses a range that is not one, backwards or longer than 366 days, writing no audit line', async () => {
    expect(MAX_EXPORT_DAYS).toBe(366);
    const deps = { database: test.db, now: () => new Date('2026-07-10T08:00:00Z') };
    expect(await exportDecisions(deps, ann, { from: '2026-02-30', to: '2026-03-01' })).toEqual({
      outcome: 'invalid',
      field: 'from',
      problem: 'format',
    });
    expect(await exportDecisions(deps, ann, { from: '2026-03-02', to: '2026-03-01' })).toMatchObject({
      problem: 'range',
    });
    expect(await exportDecisions(deps, ann, { from: '2024-01-01', to: '2024-12-31' })).toMatchObject({
      outcome: 'done',
      rows: 0,
    });
    expect(await exportDecisions(deps, ann, { from: '2024-01-01', to: '2025-01-01' })).toMatchObject({
      outcome: 'invalid',
      field: 'to',
      problem: 'range',
    });
    const { total } = await listStaffActions(test.db, {}, { limit: 10, offset: 0 });
    expect(total).toBe(1);
  });
});
