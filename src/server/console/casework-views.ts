// What the console's pages show of the casework services' results: the words and tags of
// statuses, waits and history lines, in the contexts the templates (views/*.njk) take.
import { formatDateTime } from '#shared/dates/format.ts';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  type RejectionReason,
} from '#shared/domain/application-status.ts';
import { STATUS_PRESENTATION } from '#shared/domain/status-presentation.ts';
import en from '#shared/i18n/translations/en.json';
import { escapeHtmlText } from '#shared/pages/html-escape.ts';
import type { StaffAuditLine } from '../services/casework/audit-log.ts';
import type {
  AllowedAction,
  ApplicationDetail,
  GroupMember,
  HistoryEvent,
  MemberChecks,
  RecordedChecks,
} from '../services/casework/application-detail.ts';
import { awaitingCaseworkerNote } from '../services/decisions/decide-application.ts';
import { answerSections, dayText, summaryFacts } from './application-answers.ts';
import type { CaseSummary, Waiting } from '../services/casework/queue.ts';
import type { ChangeAuthor } from '../services/casework/staff.ts';
import { MAX_NOTE_LENGTH, type InvalidInput } from '../services/casework/staff-inputs.ts';
import { STATUS_ACTION_NAMES } from '../services/casework/status-actions.ts';
import { askTexts, STATUS_ACTION_TEXTS } from './status-action-texts.ts';

/** The English text of a message key of the translations. */
function englishText(key: string): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  if (typeof text !== 'string') throw new Error(`No English text ${key}`);
  return text;
}

/** The English word of each status (the console is in English): the one the status page shows, from the translations. */
export const STATUS_TEXTS = Object.fromEntries(
  APPLICATION_STATUSES.map((status) => [status, englishText(STATUS_PRESENTATION[status].word)]),
) as Record<ApplicationStatus, string>;

export const REJECTION_TEXTS: Record<RejectionReason, string> = {
  late: 'Made less than 72 hours before the worker’s arrival',
  credibility: 'Did not pass the credibility checks (for example, a lost or stolen passport)',
  routing: 'The worker’s travel is not through the Republic of Ireland',
};

/** What each automated check asks of an application. */
const CHECK_TEXTS: Record<RejectionReason, string> = {
  late: 'Made at least 72 hours before the worker’s arrival',
  routing: 'Travel through the Republic of Ireland',
  credibility: 'Passport not recorded as lost or stolen',
};

/** The address of an application's page. */
export const applicationPath = (reference: string) => `/caseworker/applications/${encodeURIComponent(reference)}`;

/** The message page of a reference no application has (or that is not one). */
export const applicationNotFound = (reference: string) => ({
  title: 'Application not found',
  paragraphs: [`No application has the reference ${reference}.`],
  action: { text: 'Search applications', href: '/caseworker' },
});

const hours = (count: number) => `${count} hour${count === 1 ? '' : 's'}`;

/** The tag of how long an application has waited against the 72-hour promise. */
function waitingTag(waiting: Waiting): { text: string; classes: string } {
  return waiting.state === 'overdue'
    ? { text: `Overdue by ${hours(waiting.overdueByHours)}`, classes: 'govuk-tag--red' }
    : {
        text: `${hours(waiting.hoursLeft)} left`,
        classes: waiting.hoursLeft < 24 ? 'govuk-tag--yellow' : 'govuk-tag--blue',
      };
}

function statusTag(status: ApplicationStatus): { text: string; classes: string } {
  return { text: STATUS_TEXTS[status], classes: STATUS_PRESENTATION[status].tag };
}

/** A row of the queues' and the search's table. */
export function caseRow(summary: CaseSummary) {
  return {
    reference: summary.reference,
    href: applicationPath(summary.reference),
    name: summary.workerName ?? 'Personal data deleted',
    submitted: formatDateTime(summary.submittedAt),
    waiting: summary.waiting === undefined ? undefined : waitingTag(summary.waiting),
    status: `${STATUS_TEXTS[summary.status]} ${formatDateTime(summary.statusSince)}`,
    statusClasses: STATUS_PRESENTATION[summary.status].tag,
  };
}

export function authorText(by: ChangeAuthor): string {
  if (by.kind === 'staff') return by.name === null ? by.id : `${by.name} (${by.id})`;
  if (by.actor.startsWith('check:')) return 'Automated checks';
  return by.actor === 'submission' ? 'The sponsor' : 'The service';
}

const ACTION_TEXTS: Record<string, string> = {
  ...Object.fromEntries(
    STATUS_ACTION_NAMES.map((action) => [action, capitalise(STATUS_ACTION_TEXTS[action].participle)]),
  ),
  assign: 'Assigned',
  unassign: 'Unassigned',
  unlock: 'Licence lockouts ended',
  'resend-status-link': 'Status link sent again',
  'export-decisions': 'Decisions exported',
  'sign-in': 'Signed in',
  'sign-in-refused': 'Sign-in refused',
  'sign-out': 'Signed out',
  'session-revoked': 'Session ended: roles read again',
  'end-sessions': 'Sessions ended by an admin',
  'view-application': 'Application viewed',
  search: 'Searched',
};
export const actionText = (action: string) => ACTION_TEXTS[action] ?? action;

type HistoryRow = { when: string; who: string; what: string; why: string };

/** A line of the history; none for a status change that changed nothing and says nothing more. */
function historyRow(event: HistoryEvent): HistoryRow | undefined {
  const when = formatDateTime(event.at);
  switch (event.kind) {
    case 'status-change': {
      if (event.from === event.to) {
        // The automated checks' pass with MANUAL_REVIEW is recorded as in progress to in progress.
        return event.reason === awaitingCaseworkerNote
          ? { when, who: 'Automated checks', what: 'Passed: waiting for a caseworker', why: '' }
          : undefined;
      }
      const reason =
        event.reason !== null && event.to === 'rejected'
          ? REJECTION_TEXTS[event.reason as RejectionReason]
          : event.reason;
      return {
        when,
        who: authorText(event.by),
        what:
          event.from === null
            ? `Sent: ${STATUS_TEXTS[event.to]}`
            : `${STATUS_TEXTS[event.from]} to ${STATUS_TEXTS[event.to]}`,
        why: [reason, event.staffNote].filter((text) => text !== null && text !== undefined).join('. '),
      };
    }
    case 'licence-unlock':
      return {
        when,
        who: authorText(event.by),
        what: 'Licence lockouts ended',
        why: `${event.failuresCleared} failed attempt${event.failuresCleared === 1 ? '' : 's'} cleared`,
      };
    case 'staff-action':
      return { when, who: authorText(event.by), what: actionText(event.action), why: event.note ?? '' };
    case 'document-issued':
      return {
        when,
        who: 'The service',
        what: `Pre-clearance document issued (check code ${event.checkCode})`,
        why: '',
      };
    case 'clearance-check':
      return {
        when,
        who: 'Someone checking the document',
        what: `Document checked by ${event.way === 'code' ? 'its check code' : 'its QR code'}: ${event.outcome.replace('-', ' ')}`,
        why: '',
      };
  }
}

/**
 * The status page's state for the sponsor's row: the clients (addresses) locked out now, and the
 * failed licence numbers of the last day (decision 043: a lockout is one client's, and the sponsor
 * at any other address still opens the page).
 */
function licenceText(licence: ApplicationDetail['licence']): string {
  const failed = `${licence.failedAttempts} failed licence number attempt${licence.failedAttempts === 1 ? '' : 's'} in the last day`;
  if (licence.lockedSince === undefined) return failed;
  const where = licence.lockouts === 1 ? '1 address' : `${licence.lockouts} addresses`;
  return `Locked out at ${where} (the first since ${formatDateTime(licence.lockedSince)}); ${failed}`;
}

const cells = (texts: readonly string[]) => texts.map((text) => ({ text }));

/** What the automated checks recorded, in a few words. */
function recordedText(recorded: RecordedChecks): string {
  switch (recorded.outcome) {
    case 'not-run':
      return 'Not run yet';
    case 'failed':
      return `Failed: ${REJECTION_TEXTS[recorded.check]} (${formatDateTime(recorded.at)})`;
    case 'passed':
      return `Passed${recorded.approved ? ' and approved' : ', waiting for a caseworker'} (${formatDateTime(recorded.at)})`;
  }
}

/** The checks' outcome as recorded, and any check that fails when run again now. */
function checksText({ recorded, rechecked }: MemberChecks): string {
  const failingNow = rechecked.available ? rechecked.checks.filter((check) => !check.passed) : [];
  return [
    recordedText(recorded),
    ...(failingNow.length === 0
      ? []
      : [`fails now: ${failingNow.map((check) => CHECK_TEXTS[check.check].toLowerCase()).join('; ')}`]),
  ].join('; ');
}

/** The application page's context, less the layout's. */
export function applicationContext(application: ApplicationDetail) {
  const { worker, sponsor, answers } = application;
  const row = (key: string, value: string | null | undefined) => ({ key: { text: key }, value: { text: value ?? '' } });
  const payload =
    answers === null ? null : { concessionForm: answers.concessionForm, secondaryDetails: answers.secondaryDetails };
  // The facts that decide first; once the personal data is deleted, what is kept.
  const summary = [
    ...(payload === null || worker === null
      ? [
          row(
            'Personal data',
            `Deleted ${formatDateTime(application.personalDataDeletedAt ?? application.submittedAt)}`,
          ),
          row('Date of arrival', dayText(application.arrivalDate)),
          row('Date of leaving', dayText(application.leaveDate)),
        ]
      : summaryFacts(payload, worker.name)),
    row('Automated checks', checksText(application.automatedChecks)),
  ];
  const sections = [
    {
      title: 'Application',
      rows: [
        row('Submitted', formatDateTime(application.submittedAt)),
        row('Group reference', application.groupReference),
      ],
    },
    {
      title: 'Sponsor',
      rows: [
        row('Name', sponsor.name),
        row('Licence number', sponsor.licenceNumber),
        row('Email address', sponsor.email),
        row('Language of emails', { en: 'English', cy: 'Welsh', ar: 'Arabic' }[sponsor.language]),
        row('Status page', licenceText(application.licence)),
      ],
    },
  ];
  const { rechecked } = application.automatedChecks;
  const checks = [
    cells(['Outcome recorded', recordedText(application.automatedChecks.recorded)]),
    ...(rechecked.available
      ? rechecked.checks.map((check) =>
          cells([`${CHECK_TEXTS[check.check]} (checked again now)`, check.passed ? 'Passes' : 'Fails']),
        )
      : [cells(['Checked again now', 'Not possible: the personal data is deleted'])]),
  ];
  const status = statusTag(application.status);
  const base = applicationPath(application.reference);
  const passed = application.group.filter((member) => member.passed).length;
  return {
    reference: application.reference,
    name: worker?.name ?? 'Personal data deleted',
    expectedStatus: application.status,
    status: {
      ...status,
      detail:
        application.waiting === undefined
          ? application.rejectionReason === null
            ? ''
            : REJECTION_TEXTS[application.rejectionReason]
          : waitingTag(application.waiting).text,
    },
    actions: application.actions.map((allowed) => actionButton(base, allowed.action)),
    summary,
    sections,
    answers: payload === null ? [] : answerSections(payload),
    checks,
    group: application.group.length > 1 ? groupRows(application.group) : [],
    // One approval is the Approve button's: the group's action is for two or more.
    groupApproval:
      passed >= 2
        ? { text: `Approve the ${passed} applications that passed`, href: `${base}/approve-group` }
        : undefined,
    history: [...application.history]
      .reverse()
      .map(historyRow)
      .filter((line) => line !== undefined)
      .map(({ when, who, what, why }) => cells([when, who, what, why])),
  };
}

/** The group's members as rows of a table: reference, name, status, checks. */
export function groupRows(members: readonly GroupMember[]) {
  return members.map((member) => [
    member.current
      ? { text: `${member.reference} (this application)` }
      : {
          html: `<a class="govuk-link" href="${applicationPath(member.reference)}">${escapeHtmlText(member.reference)}</a>`,
        },
    { text: member.workerName ?? 'Personal data deleted' },
    { text: STATUS_TEXTS[member.status] },
    { text: checksText(member.checks) },
  ]);
}

/** An audit line as a row of the audit log's table. */
export function auditRow(line: StaffAuditLine) {
  return [
    { text: formatDateTime(line.occurredAt) },
    { text: `${line.staffName} (${line.staffId})` },
    { text: actionText(line.action) },
    line.applicantId === null
      ? { text: '' }
      : {
          html: `<a class="govuk-link" href="${applicationPath(line.applicantId)}">${escapeHtmlText(line.applicantId)}</a>`,
        },
    { text: [line.reason, line.note, auditDetailsText(line)].filter((text) => text !== null).join('. ') },
    { text: line.clientAddress ?? '' },
  ];
}

const SEARCH_MATCH_TEXTS: Record<string, string> = {
  reference: 'a reference',
  cos: 'a certificate of sponsorship number',
  passport: 'a passport number',
  licence: 'a sponsor licence number',
  name: 'a name or part of a reference',
};

/** The facts of an access line an auditor reads (never a search's words: they were not kept). */
function auditDetailsText(line: StaffAuditLine): string | null {
  const details = line.details ?? {};
  switch (line.action) {
    case 'search': {
      const matched = Array.isArray(details.matched) ? (details.matched as unknown[]).map(String) : [];
      const found = typeof details.found === 'number' ? details.found : 0;
      const what = matched.map((m) => SEARCH_MATCH_TEXTS[m] ?? m).join(', ');
      return `${found} found${what === '' ? '' : ` by ${what}`}`;
    }
    case 'end-sessions':
      return `${String(details.sessions)} session${details.sessions === 1 ? '' : 's'} of ${String(details.staffId)}`;
    case 'session-revoked':
      return details.why === 'provider-refused'
        ? `The identity provider refused (${String(details.reason)})`
        : details.why === 'no-console-role'
          ? 'No console role any more'
          : 'The identity provider answered for someone else';
    default:
      return null;
  }
}

/** The application page's button of an action. */
function actionButton(base: string, action: AllowedAction['action']) {
  const to = `${base}/${action}`;
  if (action === 'unlock')
    return { text: 'End the licence lockouts', formAction: to, classes: 'govuk-button--secondary' };
  if (action === 'resend-status-link') {
    return { text: 'Send the status link again', formAction: to, classes: 'govuk-button--secondary' };
  }
  // A status to set: posted at once, or on the page that asks first.
  const { button, buttonClasses } = STATUS_ACTION_TEXTS[action];
  return askTexts(action) === undefined
    ? { text: button, formAction: to, classes: buttonClasses }
    : { text: button, href: to, classes: buttonClasses };
}

/** What a field refused by a service says, for its error message. */
export function problemText(invalid: InvalidInput, label: string): string {
  switch (invalid.problem) {
    case 'required':
      return `Enter ${label}`;
    case 'unknown':
      return `Choose ${label} from the list`;
    case 'too-long':
      return `${capitalise(label)} must be ${MAX_NOTE_LENGTH.toLocaleString('en-GB')} characters or fewer`;
    case 'characters':
      return `${capitalise(label)} must not hold hidden characters`;
    case 'personal-data':
      return `${capitalise(label)} must not hold personal data such as names, passport numbers or email addresses`;
    case 'format':
      return `Enter ${label} as a date, for example 2026-11-25`;
    case 'range':
      return `${capitalise(label)} must be the same as or after the first day`;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
