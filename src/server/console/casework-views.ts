// What the console's pages show of the casework services' results: the words and tags of
// statuses, waits and history lines, in the contexts the templates (views/*.njk) take.
import { formatDateTime } from '#shared/dates/format.ts';
import type { ApplicationStatus, RejectionReason } from '#shared/domain/application-status.ts';
import { escapeHtmlText } from '#shared/pages/html-escape.ts';
import type { StaffAuditLine } from '../db/staff-audit-repository.ts';
import type { ApplicationDetail, HistoryEvent } from '../services/casework/application-detail.ts';
import type { CaseSummary, Waiting } from '../services/casework/queue.ts';
import type { ChangeAuthor } from '../services/casework/staff.ts';
import { MAX_NOTE_LENGTH, type InvalidInput } from '../services/casework/staff-inputs.ts';

export const STATUS_TEXTS: Record<ApplicationStatus, string> = {
  'in-progress': 'In progress',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
const STATUS_TAGS: Record<ApplicationStatus, string> = {
  'in-progress': 'govuk-tag--blue',
  approved: 'govuk-tag--green',
  rejected: 'govuk-tag--red',
  withdrawn: 'govuk-tag--grey',
};

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

/** The stored payload's fields (src/shared/api/new-from-concession.ts) as a caseworker reads them; another shows as it is. */
const ANSWER_LABELS: Record<string, string> = {
  passportNumber: 'Passport number',
  passportIssueDate: 'Passport issue date',
  passportExpiryDate: 'Passport expiry date',
  dateOfArrivalInUK: 'Date of arrival in the UK',
  methodOfArrivalIntoUK: 'Arriving by',
  carrier: 'Carrier',
  flightNumber: 'Flight, train or sailing number',
  nameOfUKPortOfArrival: 'UK port of arrival',
  certificateOfSponsorshipReferenceNumber: 'Certificate of sponsorship number',
  howLongDoYouPlanToStay: 'Length of stay',
  purposeOfStay: 'Purpose of stay',
  declaration: 'Declaration',
  formGroupId: 'Group reference',
  sponsorName: 'Sponsor name',
  sponsorshipReferenceNumber: 'Sponsor licence number',
  sponsorEmailAddress: 'Sponsor email address',
  createdDate: 'Sent at',
  familyName: 'Family name',
  givenNames: 'Given names',
  dateOfBirth: 'Date of birth',
  nationality: 'Nationality',
  countryOfDeparture: 'Country of departure',
  airPortOfDeparture: 'Place of departure',
  firstWorkDate: 'First day of work',
  lastWorkDate: 'Last day of work',
  lteToDate: 'Date of leaving the UK',
  workerEmailAddress: 'Worker email address',
  onlyOneName: 'Has one name only',
};

/** The address of an application's page. */
export const applicationPath = (reference: string) => `/caseworker/applications/${encodeURIComponent(reference)}`;

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
  return { text: STATUS_TEXTS[status], classes: STATUS_TAGS[status] };
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
  };
}

export function authorText(by: ChangeAuthor): string {
  if (by.kind === 'staff') return by.name === null ? by.id : `${by.name} (${by.id})`;
  if (by.actor.startsWith('check:')) return 'Automated checks';
  return by.actor === 'submission' ? 'The sponsor' : 'The service';
}

const ACTION_TEXTS: Record<string, string> = {
  approve: 'Approved',
  reject: 'Rejected',
  withdraw: 'Withdrawn',
  assign: 'Assigned',
  unassign: 'Unassigned',
  unlock: 'Licence lockouts ended',
  'resend-status-link': 'Status link sent again',
  'export-decisions': 'Decisions exported',
};
export const actionText = (action: string) => ACTION_TEXTS[action] ?? action;

function historyRow(event: HistoryEvent): { when: string; who: string; what: string; why: string } {
  const when = formatDateTime(event.at);
  switch (event.kind) {
    case 'status-change': {
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

/** The application page's context, less the layout's. */
export function applicationContext(application: ApplicationDetail) {
  const { worker, sponsor, answers } = application;
  const row = (key: string, value: string | null | undefined) => ({ key: { text: key }, value: { text: value ?? '' } });
  const sections = [
    {
      title: 'Worker',
      rows:
        worker === null
          ? [
              row(
                'Personal data',
                `Deleted ${formatDateTime(application.personalDataDeletedAt ?? application.submittedAt)}`,
              ),
            ]
          : [
              row('Name', worker.name),
              row('Passport number', worker.passportNumber),
              row('Certificate of sponsorship number', worker.cosReference),
              row('Email address', worker.email ?? 'Not given'),
              row('Place of departure', worker.placeOfDeparture),
            ],
    },
    {
      title: 'Travel and work',
      rows: [
        row('Date of arrival', application.arrivalDate),
        row('Date of leaving', application.leaveDate),
        row('Submitted', formatDateTime(application.submittedAt)),
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
    ...(answers === null
      ? []
      : [
          {
            title: 'Every answer as sent',
            rows: Object.entries({ ...answers.concessionForm, ...answers.secondaryDetails }).map(([key, value]) =>
              row(ANSWER_LABELS[key] ?? key, typeof value === 'string' ? value : JSON.stringify(value)),
            ),
          },
        ]),
  ];
  const { recorded, rechecked } = application.automatedChecks;
  const recordedText =
    recorded.outcome === 'not-run'
      ? 'Not run yet'
      : recorded.outcome === 'failed'
        ? `Failed: ${REJECTION_TEXTS[recorded.check]} (${formatDateTime(recorded.at)})`
        : `Passed${recorded.approved ? ' and approved' : ', waiting for a caseworker'} (${formatDateTime(recorded.at)})`;
  const checks = [
    cells(['Outcome recorded', recordedText]),
    ...(rechecked.available
      ? rechecked.checks.map((check) =>
          cells([`${CHECK_TEXTS[check.check]} (checked again now)`, check.passed ? 'Passes' : 'Fails']),
        )
      : [cells(['Checked again now', 'Not possible: the personal data is deleted'])]),
  ];
  const status = statusTag(application.status);
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
    actions: application.actions.map((allowed) => {
      const base = applicationPath(application.reference);
      switch (allowed.action) {
        case 'approve':
          return { text: 'Approve', formAction: `${base}/approve` };
        case 'reject':
          return { text: 'Reject', href: `${base}/reject`, classes: 'govuk-button--warning' };
        case 'withdraw':
          return { text: 'Withdraw', href: `${base}/withdraw`, classes: 'govuk-button--secondary' };
        case 'unlock':
          return { text: 'End the licence lockouts', formAction: `${base}/unlock`, classes: 'govuk-button--secondary' };
        case 'resend-status-link':
          return {
            text: 'Send the status link again',
            formAction: `${base}/resend-status-link`,
            classes: 'govuk-button--secondary',
          };
      }
    }),
    sections,
    checks,
    group: application.group
      .filter((member) => !member.current)
      .map((member) => [
        {
          html: `<a class="govuk-link" href="${applicationPath(member.reference)}">${escapeHtmlText(member.reference)}</a>`,
        },
        { text: member.workerName ?? 'Personal data deleted' },
        { text: STATUS_TEXTS[member.status] },
      ]),
    history: [...application.history]
      .reverse()
      .map(historyRow)
      .map(({ when, who, what, why }) => cells([when, who, what, why])),
  };
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
    { text: [line.reason, line.note].filter((text) => text !== null).join('. ') },
  ];
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

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
