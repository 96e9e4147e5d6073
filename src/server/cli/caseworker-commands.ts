// The caseworker's commands. They print personal data (names, passport numbers) because that is
// what a caseworker needs to decide, and the output goes to their own terminal, not to a log.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCsv } from '#shared/csv/csv.ts';
import { formatDateTime } from '#shared/dates/format.ts';
import { parseApplicationReference } from '#shared/domain/application-reference.ts';
import { hasForbiddenCharacters } from '#shared/validation/characters.ts';
import {
  APPLICATION_STATUSES as applicationStatuses,
  REJECTION_REASONS as rejectionReasons,
  type ApplicationStatus,
  type RejectionReason,
} from '#shared/domain/application-status.ts';
import { normalisePassportNumber } from '#shared/domain/passport-number.ts';
import type { Database } from '../db/database.ts';
import type { ApplicationView } from '../services/applications/application-view.ts';
import { addToLostStolenList, listCases, readCaseFile } from '../services/casework/case-file.ts';
import {
  unlockSubmissionLicence,
  setApplicationStatus,
  type Recipients,
  type StaffActionDependencies,
} from '../services/casework/staff-actions.ts';
import { cliStaffMember, type StaffMember } from '../services/casework/staff.ts';
import { MAX_NOTE_LENGTH, type InvalidInput } from '../services/casework/staff-inputs.ts';
import { StatusChangeError } from '../services/decisions/status-transitions.ts';
import { checkClearance, type ClearanceCheck } from '../services/documents/check-clearance.ts';
import { createDocumentService, type DocumentService } from '../services/documents/document-service.ts';
import { InvalidDocumentTokenError, verifyDocumentToken, type DocumentTokens } from '../tokens/document-tokens.ts';
import { listedWorkerName } from '#shared/domain/worker-name.ts';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export interface CliContext {
  readonly io: CliIo;
  /** Opened only for a command that parsed: a typo answers at once, without starting a database. */
  readonly openDatabase: () => Promise<Database>;
  /** Who is acting, for the audit trail: 'caseworker:<user>'. */
  readonly actor: string;
  readonly now?: (() => Date) | undefined;
  /** The documents' signing key, whose published set `verify` checks against. */
  readonly documentTokens: () => Promise<DocumentTokens>;
}

export const usage = `Usage: npm run caseworker -- <command>

Commands:
  ${`list [--status <${applicationStatuses.join('|')}>]`.padEnd(60)}applications, oldest first
  show <reference>                                            every detail and the status history
  approve <reference>                                         approve, and email the sponsor
  reject <reference> --reason <late|credibility|routing> [--note <text>]
                                                              reject, and email the sponsor (the note goes to
                                                              the audit log only)
  withdraw <reference> [--reason <text>]                      withdraw, and email the sponsor (and the worker
                                                              when their email address was given); the reason
                                                              goes to the audit log only
  unlock <reference>                                          end the sponsor licence lockout of the application's
                                                              submission and clear its failed attempts (audited)
  import-lost-stolen <file>                                   add passport numbers to the lost or stolen list:
                                                              one per line, or a CSV with a passport_number column
  verify <file.pdf | check code>                              what the check page says of a pre-clearance document,
                                                              and for a file, whether its QR codes' signatures verify
                                                              against the published keys (exit code 0 only when valid)
  help                                                        this text

<reference> is the application reference (CWC-7K3M9-QF2XA-A), in any case, with or without its
dashes and the CWC prefix (7k3m9qf2xab). Any other value is taken as an applicant id as it is.

A note or reason must not hold personal data (email addresses, passport numbers, the worker's name).

With the embedded database (no DATABASE_URL), stop the server first: only one process may use DATA_DIR.
`;

type Command =
  | { readonly name: 'help' }
  | { readonly name: 'list'; readonly status: ApplicationStatus | undefined }
  | { readonly name: 'show'; readonly applicantId: string }
  | { readonly name: 'approve'; readonly applicantId: string }
  | { readonly name: 'unlock'; readonly applicantId: string }
  | { readonly name: 'withdraw'; readonly applicantId: string; readonly reason: string | undefined }
  | {
      readonly name: 'reject';
      readonly applicantId: string;
      readonly reason: RejectionReason;
      readonly note: string | undefined;
    }
  | { readonly name: 'import-lost-stolen'; readonly file: string }
  | { readonly name: 'verify'; readonly document: string };

class UsageError extends Error {}

/** Runs one command; returns the exit code (0 done, 1 refused or failed). Never throws for a user mistake. */
export async function runCaseworkerCommand(args: readonly string[], context: CliContext): Promise<number> {
  const { io } = context;
  let command: Command;
  try {
    command = parseCommand(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n\n${usage}`);
    return 1;
  }
  if (command.name === 'help') {
    io.stdout(usage);
    return 0;
  }

  const db = await context.openDatabase();
  const now = context.now ?? (() => new Date());
  try {
    switch (command.name) {
      case 'list':
        return await list(db, io, command.status);
      case 'show':
        return await show(db, io, command.applicantId);
      case 'approve':
      case 'withdraw':
      case 'reject':
        return await changeStatus({ database: db, now }, io, staffOf(context.actor), command);
      case 'unlock':
        return await unlock({ database: db, now }, io, staffOf(context.actor), command.applicantId);
      case 'import-lost-stolen':
        return await importLostStolen(db, io, command.file, now());
      case 'verify': {
        const documents = createDocumentService({ database: db, now, tokens: context.documentTokens });
        return await verify({ db, documents, now }, io, command.document);
      }
    }
  } catch (error) {
    if (error instanceof StatusChangeError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** The member of staff behind the CLI's actor ('caseworker:<user>', casework/staff.ts). */
function staffOf(actor: string): StaffMember {
  return cliStaffMember(actor.replace(/^caseworker:/, ''));
}

type StatusCommand = Extract<Command, { readonly name: 'approve' | 'withdraw' | 'reject' }>;

async function changeStatus(
  deps: StaffActionDependencies,
  io: CliIo,
  staff: StaffMember,
  command: StatusCommand,
): Promise<number> {
  const result = await setApplicationStatus(deps, staff, {
    action: command.name,
    reference: command.applicantId,
    reason: 'reason' in command ? command.reason : undefined,
    note: 'note' in command ? command.note : undefined,
  });
  switch (result.outcome) {
    case 'done': {
      const reason = result.reason === undefined ? '' : ` (${result.reason})`;
      io.stdout(
        `Application ${result.reference} is now ${result.to}${reason}, was ${result.from}.${emailed(result.emailed)}\n`,
      );
      return 0;
    }
    case 'not-found':
      io.stderr(`No application has the id ${result.reference}\n`);
      return 1;
    case 'not-allowed':
      io.stderr(`${result.message}\n`);
      return 1;
    case 'invalid':
      io.stderr(`${invalidMessage(result.field, result.problem)}\n`);
      return 1;
    case 'changed-meanwhile':
      // Only with an expected status, which the CLI never gives; said plainly all the same.
      io.stderr(`Application ${result.reference} was changed meanwhile: it is ${result.status}\n`);
      return 1;
  }
}

function emailed(recipients: Recipients): string {
  if (recipients === 'no-one') return ' No one will be emailed: the personal data has been deleted.';
  return recipients === 'sponsor' ? ' The sponsor will be emailed.' : ' The sponsor and the worker will be emailed.';
}

function invalidMessage(field: string, problem: InvalidInput['problem']): string {
  if (problem === 'personal-data')
    return `The ${field} seems to hold personal data (an email address, the passport number or the worker's name): the audit log keeps none`;
  if (problem === 'too-long') return `The ${field} is longer than ${MAX_NOTE_LENGTH} characters`;
  if (problem === 'characters') return `The ${field} holds a control or bidirectional character`;
  return `The ${field} is ${problem === 'required' ? 'missing' : 'not valid'}`;
}

// The options each command takes; every option takes a value.
// A Map, not an object: a command typed as `constructor` must not find Object's own properties.
const commandOptions: ReadonlyMap<string, readonly string[]> = new Map([
  ['list', ['status']],
  ['reject', ['reason', 'note']],
  ['withdraw', ['reason']],
]);

/** A command's arguments after its name: its known options' values, the unknown options, the positionals. */
interface CommandArguments {
  readonly name: string | undefined;
  readonly options: ReadonlyMap<string, string>;
  readonly unknown: readonly string[];
  readonly positional: readonly string[];
}

function readArguments(args: readonly string[]): CommandArguments {
  const [name, ...rest] = args;
  const known = (name === undefined ? undefined : commandOptions.get(name)) ?? [];
  // Not strict: an unknown option must be answered with our message (naming the command), not
  // parseArgs' own, and the tokens say everything needed to do that.
  const { tokens } = parseArgs({
    args: rest,
    options: Object.fromEntries(known.map((option) => [option, { type: 'string' as const }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const options = new Map<string, string>();
  const unknown: string[] = [];
  const positional: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positional.push(token.value);
    else if (token.kind === 'option') {
      if (!known.includes(token.name)) unknown.push(token.rawName);
      // parseArgs takes the next argument as the value even when it is another option.
      else if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
        throw new UsageError(`The option ${token.rawName} needs a value`);
      } else options.set(token.name, token.value);
    }
  }
  return { name, options, unknown, positional };
}

/** Refuses the first option the command does not take. */
function allowOptions({ name, unknown }: CommandArguments): void {
  if (unknown[0] !== undefined) throw new UsageError(`Unknown option ${unknown[0]} for ${name ?? ''}`);
}

/** The command's one positional argument, `what`. */
function onePositional({ name, positional }: CommandArguments, what: string): string {
  if (positional.length === 0 || positional[0]?.trim() === '') throw new UsageError(`${name ?? ''} needs the ${what}`);
  if (positional.length > 1) throw new UsageError(`${name ?? ''} takes one ${what}, not ${positional.length}`);
  return positional[0] ?? '';
}

/**
 * The application the command names. A reference as a person types it (any case, dashes or not,
 * prefix or not) becomes the id it is stored under; anything else (an id from before references)
 * is looked up as it is.
 */
function applicationId(args: CommandArguments): string {
  const typed = onePositional(args, 'application reference');
  // No reference or id holds one; PostgreSQL refuses NUL in a query, and an escape sequence
  // echoed back in "No application has the id …" would act on the caseworker's terminal.
  if (hasForbiddenCharacters(typed))
    throw new UsageError('The application reference holds a control or bidirectional character');
  return parseApplicationReference(typed) ?? typed;
}

function parseCommand(argv: readonly string[]): Command {
  const args = readArguments(argv);
  const { name, options, positional } = args;
  switch (name) {
    case undefined:
      throw new UsageError('No command given');
    case 'help':
    case '--help':
    case '-h':
      return { name: 'help' };
    case 'list': {
      allowOptions(args);
      if (positional.length > 0) throw new UsageError('list takes no arguments other than --status');
      const status = options.get('status');
      if (status !== undefined && !applicationStatuses.some((s) => s === status)) {
        throw new UsageError(`Unknown status "${status}": use one of ${applicationStatuses.join(', ')}`);
      }
      return { name, status: status as ApplicationStatus | undefined };
    }
    case 'show':
    case 'approve':
    case 'unlock':
      allowOptions(args);
      return { name, applicantId: applicationId(args) };
    case 'withdraw':
      allowOptions(args);
      return { name, applicantId: applicationId(args), reason: options.get('reason') };
    case 'reject': {
      allowOptions(args);
      const applicantId = applicationId(args);
      const reason = options.get('reason');
      if (reason === undefined) throw new UsageError(`reject needs --reason: one of ${rejectionReasons.join(', ')}`);
      if (!rejectionReasons.some((r) => r === reason)) {
        throw new UsageError(`Unknown reason "${reason}": use one of ${rejectionReasons.join(', ')}`);
      }
      return { name, applicantId, reason: reason as RejectionReason, note: options.get('note') };
    }
    case 'import-lost-stolen':
      allowOptions(args);
      return { name, file: onePositional(args, 'file name') };
    case 'verify': {
      allowOptions(args);
      const document = onePositional(args, 'PDF file or check code');
      if (hasForbiddenCharacters(document))
        throw new UsageError('The file name or check code holds a control or bidirectional character');
      return { name, document };
    }
    default:
      throw new UsageError(`Unknown command "${name}"`);
  }
}

async function list(db: Database, io: CliIo, status: ApplicationStatus | undefined): Promise<number> {
  const applications = await listCases(db, status);
  const rows = applications.map((a) => [
    a.reference,
    a.status,
    a.rejectionReason ?? '',
    formatDateTime(a.submittedAt),
    a.worker?.cosReference ?? '(deleted)',
    nameOf(a),
  ]);
  io.stdout(table(['APPLICANT ID', 'STATUS', 'REASON', 'CREATED', 'COS NUMBER', 'NAME'], rows));
  const noun = applications.length === 1 ? 'application' : 'applications';
  io.stdout(`${applications.length} ${noun}${status === undefined ? '' : ` ${status}`}\n`);
  return 0;
}

async function show(db: Database, io: CliIo, applicantId: string): Promise<number> {
  const file = await readCaseFile(db, applicantId);
  if (file === undefined) {
    io.stderr(`No application has the id ${applicantId}\n`);
    return 1;
  }
  const { application: a, statusChanges: history, clearanceChecks: checks } = file;
  const { worker, sponsor } = a;
  const deleted = a.personalDataDeletedAt === null ? undefined : `deleted ${formatDateTime(a.personalDataDeletedAt)}`;
  const fields: Array<[string, string]> = [
    ['Applicant id', a.reference],
    ['Group reference', a.groupReference],
    ['Status', a.status],
    ['Reason', a.rejectionReason ?? ''],
    ['Created', formatDateTime(a.submittedAt)],
    ['Updated', formatDateTime(a.updatedAt)],
    ['Name', deleted ?? nameOf(a)],
    ['Passport number', worker?.passportNumber ?? deleted ?? ''],
    ['COS number', worker?.cosReference ?? deleted ?? ''],
    ['Arrival date', a.arrivalDate],
    ['Leave by', a.leaveDate],
    ['Place of departure', worker?.placeOfDeparture ?? deleted ?? ''],
    ['Worker email', worker?.email ?? deleted ?? ''],
    ['Sponsor', sponsor.name ?? deleted ?? ''],
    ['Sponsor licence number', sponsor.licenceNumber],
    ['Sponsor email', sponsor.email ?? deleted ?? ''],
  ];
  const width = Math.max(...fields.map(([label]) => label.length));
  io.stdout(`${fields.map(([label, value]) => `${label.padEnd(width)}  ${printable(value)}`).join('\n')}\n`);
  for (const [title, answers] of [
    ['Concession form', a.answers?.concessionForm],
    ['Secondary details', a.answers?.secondaryDetails],
  ] as const) {
    if (answers === undefined) continue;
    io.stdout(
      `\n${title}:\n${Object.entries(answers)
        .map(([key, value]) => `  ${key}: ${printable(String(value ?? ''))}`)
        .join('\n')}\n`,
    );
  }
  io.stdout('\nHistory:\n');
  io.stdout(
    table(
      ['WHEN', 'BY', 'FROM', 'TO', 'NOTE'],
      history.map((h) => [formatDateTime(h.changedAt), h.actor, h.fromStatus ?? '', h.toStatus, h.reason ?? '']),
    ),
  );
  if (checks.length > 0) {
    io.stdout('\nChecks of its pre-clearance documents (newest first):\n');
    io.stdout(
      table(
        ['WHEN', 'HOW', 'CHECK CODE', 'ANSWER'],
        checks.map((c) => [
          formatDateTime(c.checkedAt),
          c.way === 'token' ? 'QR code' : 'typed',
          c.checkCode ?? '',
          c.outcome,
        ]),
      ),
    );
  }
  return 0;
}

async function unlock(
  deps: StaffActionDependencies,
  io: CliIo,
  staff: StaffMember,
  applicantId: string,
): Promise<number> {
  const done = await unlockSubmissionLicence(deps, staff, { reference: applicantId });
  if (done.outcome !== 'done') {
    io.stderr(
      done.outcome === 'not-found'
        ? `No application has the id ${done.reference}\n`
        : `${invalidMessage(done.field, done.problem)}\n`,
    );
    return 1;
  }
  const lockout =
    done.lockoutBeganAt === undefined
      ? 'was not locked'
      : `was locked since ${formatDateTime(done.lockoutBeganAt)}: unlocked`;
  const failures = `${done.failuresCleared} failed attempt${done.failuresCleared === 1 ? '' : 's'} cleared`;
  io.stdout(`The submission of application ${done.reference} ${lockout}; ${failures}.\n`);
  return 0;
}

// The QR code's link is also the link annotation over it (pdfkit writes annotations unencoded):
// what the QR code holds, read without rendering the page.
const CHECK_LINKS = /\/URI \((https?:\/\/[^()\\\s]+\/check-a-clearance\?t=[^()\\\s]+)\)/g;

async function verify(
  deps: { readonly db: Database; readonly documents: DocumentService; readonly now: () => Date },
  io: CliIo,
  document: string,
): Promise<number> {
  const check = (request: Parameters<typeof checkClearance>[1]) =>
    checkClearance({ database: deps.db, documents: deps.documents, now: deps.now }, request);
  if (!document.toLowerCase().endsWith('.pdf')) {
    const result = await check({ kind: 'staff', checkCode: document });
    io.stdout(describeCheck(result));
    return result.outcome === 'valid' ? 0 : 1;
  }
  let pdf: string;
  try {
    pdf = (await readFile(document)).toString('latin1');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    io.stderr(`Cannot read ${document}${typeof code === 'string' ? ` (${code})` : ''}\n`);
    return 1;
  }
  const links = [...new Set([...pdf.matchAll(CHECK_LINKS)].map((match) => match[1]!))];
  if (links.length === 0) {
    io.stderr(`${document} holds no QR code of a pre-clearance document\n`);
    return 1;
  }
  const keys = await deps.documents.publishedKeys();
  let allValid = true;
  for (const [index, link] of links.entries()) {
    const token = new URL(link).searchParams.get('t') ?? '';
    io.stdout(`${index === 0 ? '' : '\n'}Document ${index + 1} of ${links.length}\n`);
    try {
      const claims = await verifyDocumentToken(token, keys, deps.now());
      io.stdout(
        `QR code signature: verifies against the published keys\n` +
          `The QR code says: ${claims.applicationReference}, check code ${claims.checkCode}, ${printable(
            listedWorkerName(claims.familyName, claims.givenNames),
          )}, born ${claims.dateOfBirth}, work ${claims.firstWorkDate} to ${claims.lastWorkDate}, leave by ${
            claims.leaveDate
          }, issued ${formatDateTime(claims.issuedAt)}\n`,
      );
    } catch (error) {
      if (!(error instanceof InvalidDocumentTokenError)) throw error;
      io.stdout(`QR code signature: does NOT verify against the published keys (${error.reason})\n`);
    }
    const result = await check({ kind: 'token', token });
    io.stdout(describeCheck(result));
    allValid &&= result.outcome === 'valid';
  }
  return allValid ? 0 : 1;
}

function describeCheck(result: ClearanceCheck): string {
  const checked = `(checked ${formatDateTime(result.checkedAt)})`;
  if (result.outcome === 'not-valid') return `The check page says: not valid ${checked}\n`;
  if (result.outcome === 'withdrawn')
    return `The check page says: withdrawn on ${formatDateTime(result.withdrawnAt)} ${checked}\n`;
  const fields: Array<[string, string]> = [
    ['Name', listedWorkerName(result.familyName, result.givenNames)],
    ['Application reference', result.applicationReference],
    ['Check code', result.checkCode],
    ['Sponsor', result.sponsorName],
    ['Arrival', result.arrivalDate],
    ['Work dates', `${result.firstWorkDate} to ${result.lastWorkDate}`],
    ['Leave by', result.leaveDate],
    ['Document issued', formatDateTime(result.documentIssuedAt)],
  ];
  const width = Math.max(...fields.map(([label]) => label.length));
  return `The check page says: valid ${checked}\n${fields
    .map(([label, value]) => `  ${label.padEnd(width)}  ${printable(value)}`)
    .join('\n')}\n`;
}

async function importLostStolen(db: Database, io: CliIo, file: string, now: Date): Promise<number> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    io.stderr(`Cannot read ${file}${typeof code === 'string' ? ` (${code})` : ''}\n`);
    return 1;
  }
  const parsed = parsePassportList(text);
  if ('problem' in parsed) {
    io.stderr(`${parsed.problem}\n`);
    return 1;
  }
  const unique = new Set(parsed.numbers);
  const added = await addToLostStolenList(db, parsed.numbers, `import:${basename(file)}`, now);
  io.stdout(
    `Imported ${added} new passport number${added === 1 ? '' : 's'}; ${unique.size - added} already on the list.\n`,
  );
  if (parsed.invalidLines.length > 0) {
    const shown = parsed.invalidLines.slice(0, 20).join(', ');
    const more = parsed.invalidLines.length > 20 ? ` and ${parsed.invalidLines.length - 20} more` : '';
    io.stderr(
      `Skipped ${parsed.invalidLines.length} line(s) that are not 3 to 15 letters and digits: line ${shown}${more}\n`,
    );
  }
  return 0;
}

/**
 * One passport number per line, or a CSV whose header has a passport_number column. Blank lines
 * are ignored; other lines that do not normalise to 3–15 letters and digits are reported by number.
 */
export function parsePassportList(
  text: string,
): { readonly numbers: string[]; readonly invalidLines: number[] } | { readonly problem: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  const header =
    headerIndex === -1 ? [] : csvCells(lines[headerIndex] ?? '').map((cell) => cell.toLowerCase().replace(/\s+/g, '_'));
  let column: number | undefined;
  let firstData = 0;
  if (header.includes('passport_number')) {
    column = header.indexOf('passport_number');
    firstData = headerIndex + 1;
  } else if (header.length > 1) {
    return { problem: 'The CSV has no passport_number column in its first line' };
  }
  const numbers: string[] = [];
  const invalidLines: number[] = [];
  for (let i = firstData; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const value = column === undefined ? line.trim().replace(/^"|"$/g, '') : (csvCells(line)[column] ?? '');
    const normalised = normalisePassportNumber(value);
    if (normalised === undefined) invalidLines.push(i + 1);
    else numbers.push(normalised);
  }
  return { numbers, invalidLines };
}

// A list export is read line by line, so a bad line is reported by its number. A line whose
// quote never closes (an export cut mid-cell) is read as if it closed at the line's end.
function csvCells(line: string): string[] {
  const quotes = line.split('"').length - 1;
  const [cells = []] = parseCsv(quotes % 2 === 0 ? line : `${line}"`);
  return cells.map((cell) => cell.trim());
}

// Values come from the public form: a name holding terminal escape codes must not be able to
// rewrite the caseworker's screen.
function printable(value: string): string {
  // \p{Cc}: the C0 and C1 control characters, escape included.
  return value.replace(/\p{Cc}/gu, '\uFFFD');
}

function nameOf(a: ApplicationView): string {
  return a.worker?.name ?? '(deleted)';
}

function table(headings: readonly string[], unsafeRows: ReadonlyArray<readonly string[]>): string {
  const rows = unsafeRows.map((row) => row.map(printable));
  const widths = headings.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return `${[line(headings), ...rows.map(line)].join('\n')}\n`;
}
