import { formatLongDate } from '#shared/dates/format.ts';
import type { RejectionReason } from '#shared/domain/application-status.ts';
import { SERVICE_NAME_IN_SENTENCE, SHORT_SERVICE_NAME } from '../service-name.ts';

// Emails are English only. The pages also come in Arabic, but emails are sent later by the job
// worker, with no page language to follow, and the decision texts have no reviewed Arabic
// version; a later language would add a `language` argument here.
//
// Each email is built once as a list of blocks and rendered twice, as plain text and as HTML,
// so the two versions can never say different things. The plain text is also the GOV.UK
// Notify body, so it avoids Notify's markdown: no line starts with `#`, `*`, `^` or `---`.
// Every value supplied by a user follows a label on its own line, never inside a sentence of
// ours: anyone can name any address as a sponsor's, and a sentence that carried their words
// ("from Pay the visa fee now at …") would speak with the service's voice.

/** What a transport needs of an email. */
export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** One application as the sponsor's confirmation lists it. */
export interface ConfirmedApplication {
  readonly reference: string;
  readonly workerName: string;
  readonly cosReference: string;
}

// The reasons are the shared domain's; re-exported for the callers that build these emails.
export type { RejectionReason };

const CREATIVE_WORKER_VISA_URL = 'https://www.gov.uk/creative-worker-visa';
const CONTACT_URL = 'https://www.gov.uk/contact-ukvi-inside-outside-uk';
/** The decision is promised by email within 72 hours of applying. */
const DECISION_WITHIN_HOURS = 72;

type Block =
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'details'; readonly rows: ReadonlyArray<readonly [label: string, value: string]> }
  // The whole address is shown, not a "click here": readers can see where a link goes and copy it.
  | { readonly kind: 'link'; readonly href: string };

const heading = (text: string): Block => ({ kind: 'heading', text });
const paragraph = (text: string): Block => ({ kind: 'paragraph', text });
const details = (rows: ReadonlyArray<readonly [string, string]>): Block => ({ kind: 'details', rows });
const link = (href: string): Block => ({ kind: 'link', href });

/** Sponsor's confirmation after submitting one application or a group. */
export function confirmationEmail(input: {
  sponsorName: string;
  applications: readonly ConfirmedApplication[];
  statusLink: string;
  decisionWithinHours: number;
  /** How long the status link works (config `statusLinkTtlDays`). */
  statusLinkTtlDays: number;
}): RenderedEmail {
  const count = input.applications.length;
  const plural = count !== 1;
  const title = plural ? 'Applications received' : 'Application received';
  const [only] = input.applications;
  return render(
    subjectOf(
      plural || only === undefined ? `${count} applications received` : `application ${only.reference} received`,
    ),
    [
      heading(title),
      paragraph(
        plural
          ? `We have received ${count} applications for ${SERVICE_NAME_IN_SENTENCE}.`
          : `We have received an application for ${SERVICE_NAME_IN_SENTENCE}.`,
      ),
      details([['Sponsor', input.sponsorName]]),
      ...input.applications.map((application) =>
        details([
          ['Application reference', application.reference],
          ['Name', application.workerName],
          ['Certificate of sponsorship (COS) number', application.cosReference],
        ]),
      ),
      heading('What happens next'),
      paragraph(
        `We will email you within ${input.decisionWithinHours} hours to tell you if ${plural ? 'each application has' : 'the application has'} been approved.`,
      ),
      paragraph(
        `If ${plural ? 'an application is' : 'it is'} approved, the email will include a link to download the pre-clearance document.`,
      ),
      heading(plural ? 'Check the status of your applications' : 'Check the status of your application'),
      paragraph('You can check the status at any time with this link:'),
      link(input.statusLink),
      paragraph('You will need your sponsor licence number to see the status.'),
      paragraph(`The link will stop working after ${days(input.statusLinkTtlDays)}.`),
    ],
  );
}

/**
 * The worker's own copy. It carries no status link: the link and the sponsor licence number
 * together open the whole group's details, and those belong to the sponsor.
 */
export function workerConfirmationEmail(input: { reference: string; workerName: string }): RenderedEmail {
  return render(subjectOf(`application ${input.reference} received`), [
    heading('Application received'),
    paragraph(`We have received an application for ${SERVICE_NAME_IN_SENTENCE} for you.`),
    details([
      ['Application reference', input.reference],
      ['Name', input.workerName],
    ]),
    heading('What happens next'),
    paragraph(
      `We will email our decision to the contact email address given in the application within ${DECISION_WITHIN_HOURS} hours.`,
    ),
    paragraph('If you have a question about the application, contact the person or organisation that made it.'),
  ]);
}

/** What became of one application, as the sponsor's decision email reports it. */
export type DecisionOutcome =
  /** `leaveDate`: the day the worker must leave the UK by, `YYYY-MM-DD` (or a Date). */
  | { readonly status: 'approved'; readonly leaveDate: string | Date }
  | { readonly status: 'rejected'; readonly reason: RejectionReason };

/** One decided application in the sponsor's decision email. */
export interface DecidedApplication {
  readonly reference: string;
  readonly workerName: string;
  readonly cosReference: string;
  readonly outcome: DecisionOutcome;
}

const rejectionWords: Record<RejectionReason, string> = {
  late: 'The application was made less than 3 days (72 hours) before the worker’s arrival in the UK.',
  credibility:
    'The application did not pass our credibility checks. For example, the passport has been reported lost or stolen.',
  routing: 'The worker’s travel to the UK is not routed through the Republic of Ireland.',
};

/**
 * The sponsor's email about the decisions made on a submission since the last such email: each
 * worker's outcome (the leave date of an approval, the reason of a rejection), how many are still
 * being checked, and the status link. One decision keeps the subject it always had.
 */
export function decisionsEmail(input: {
  decisions: readonly DecidedApplication[];
  /** Applications of the submission still in progress. */
  stillBeingChecked: number;
  statusLink: string;
}): RenderedEmail {
  const { decisions, stillBeingChecked } = input;
  if (decisions.length === 0) throw new Error('A decision email needs at least one decision');
  const approved = decisions.filter((d) => d.outcome.status === 'approved').length;
  const rejected = decisions.length - approved;
  const plural = decisions.length > 1;
  const [only] = decisions;
  const subject = subjectOf(
    !plural && only !== undefined
      ? `application ${only.reference} ${only.outcome.status}`
      : rejected === 0
        ? `${decisions.length} applications approved`
        : approved === 0
          ? `${decisions.length} applications rejected`
          : `decisions on ${decisions.length} applications`,
  );
  const title = plural ? 'Decisions on your applications' : `Application ${only?.outcome.status ?? ''}`;
  const anyLate = decisions.some((d) => d.outcome.status === 'rejected' && d.outcome.reason === 'late');
  const documents = approved > 1 ? 'pre-clearance documents' : 'pre-clearance document';

  return render(subject, [
    heading(title),
    paragraph(
      plural
        ? `We have decided ${decisions.length} applications for ${SERVICE_NAME_IN_SENTENCE}: ${[
            approved > 0 ? `${approved} approved` : '',
            rejected > 0 ? `${rejected} rejected` : '',
          ]
            .filter((part) => part !== '')
            .join(' and ')}.`
        : `The application for ${SERVICE_NAME_IN_SENTENCE} has been ${only?.outcome.status ?? ''}.`,
    ),
    ...decisions.map((decision) =>
      details([
        ['Application reference', decision.reference],
        ['Name', decision.workerName],
        ['Certificate of sponsorship (COS) number', decision.cosReference],
        ...outcomeRows(decision.outcome),
      ]),
    ),
    ...(stillBeingChecked > 0
      ? [
          paragraph(
            stillBeingChecked === 1
              ? 'We are still checking 1 more application. We will email you when it has been decided.'
              : `We are still checking ${stillBeingChecked} more applications. We will email you when they have been decided.`,
          ),
        ]
      : []),
    heading(
      approved > 0
        ? `Download the ${documents}`
        : plural
          ? 'Check the status of your applications'
          : 'Check the status of your application',
    ),
    paragraph(
      approved > 0
        ? `Download the ${documents} from the status page:`
        : `You can see the ${plural ? 'applications' : 'application'} on the status page:`,
    ),
    link(input.statusLink),
    paragraph('You will need your sponsor licence number.'),
    ...(rejected > 0
      ? [
          heading('What to do next'),
          paragraph(
            plural
              ? 'A worker whose application was rejected can apply for a Creative Worker visa:'
              : 'The worker can apply for a Creative Worker visa:',
          ),
          link(CREATIVE_WORKER_VISA_URL),
          ...(anyLate
            ? [
                paragraph(
                  `Or you can apply again for remote clearance at least ${DECISION_WITHIN_HOURS} hours before the worker travels.`,
                ),
              ]
            : []),
          heading('Contact us'),
          paragraph(
            `If you have a question about ${rejected > 1 ? 'these decisions' : 'this decision'}, contact UK Visas and Immigration:`,
          ),
          link(CONTACT_URL),
        ]
      : []),
  ]);
}

function outcomeRows(outcome: DecisionOutcome): ReadonlyArray<readonly [string, string]> {
  return outcome.status === 'approved'
    ? [
        ['Decision', 'Approved'],
        ['Leave the UK', `No later than ${formatLongDate(outcome.leaveDate)}`],
      ]
    : [
        ['Decision', 'Rejected'],
        ['Reason', rejectionWords[outcome.reason]],
      ];
}

/** The application a withdrawal email is about. */
export interface WithdrawnApplication {
  readonly reference: string;
  readonly workerName: string;
  readonly cosReference: string;
  /** It was approved when it was withdrawn: a pre-clearance document may have been downloaded. */
  readonly wasApproved: boolean;
}

/**
 * The sponsor's email when a caseworker withdraws an application: which worker, that a document
 * already downloaded must not be used (when it had been approved), what to do now, and the
 * status link.
 */
export function withdrawalEmail(input: { application: WithdrawnApplication; statusLink: string }): RenderedEmail {
  const { application } = input;
  return render(subjectOf(`application ${application.reference} withdrawn`), [
    heading('Application withdrawn'),
    paragraph(`The application for ${SERVICE_NAME_IN_SENTENCE} has been withdrawn.`),
    withdrawnDetails(application, { withCosNumber: true }),
    ...(application.wasApproved ? documentNotValid('The pre-clearance document must not be used.') : []),
    heading('What to do now'),
    paragraph(
      application.wasApproved
        ? 'The worker cannot travel to the UK under this clearance.'
        : 'The worker cannot travel to the UK under this application.',
    ),
    paragraph(
      `You can make a new application at least ${DECISION_WITHIN_HOURS} hours (3 days) before the worker travels.`,
    ),
    paragraph('Or the worker can apply for a Creative Worker visa:'),
    link(CREATIVE_WORKER_VISA_URL),
    heading('Check the status of your application'),
    paragraph('You can see the application on the status page:'),
    link(input.statusLink),
    paragraph('You will need your sponsor licence number.'),
    ...contactAboutWithdrawal,
  ]);
}

/**
 * The worker's copy, for a worker who gave an email address. Like their confirmation, it carries
 * no status link and no sponsor licence number: those open the whole group's details.
 */
export function workerWithdrawalEmail(input: { application: WithdrawnApplication }): RenderedEmail {
  const { application } = input;
  return render(subjectOf(`application ${application.reference} withdrawn`), [
    heading('Application withdrawn'),
    paragraph(`The application for ${SERVICE_NAME_IN_SENTENCE} for you has been withdrawn.`),
    // As in the worker's confirmation: the reference and the name only. Anyone can type any
    // address as the worker's, so nothing more of the application goes there.
    withdrawnDetails(application, { withCosNumber: false }),
    ...(application.wasApproved ? documentNotValid('You must not use the pre-clearance document.') : []),
    heading('What to do now'),
    paragraph(
      application.wasApproved
        ? 'You cannot travel to the UK under this clearance.'
        : 'You cannot travel to the UK under this application.',
    ),
    paragraph(
      `The person or organisation that made the application can make a new one at least ${DECISION_WITHIN_HOURS} hours (3 days) before you travel.`,
    ),
    paragraph('Or you can apply for a Creative Worker visa:'),
    link(CREATIVE_WORKER_VISA_URL),
    ...contactAboutWithdrawal,
  ]);
}

function withdrawnDetails(application: WithdrawnApplication, { withCosNumber }: { withCosNumber: boolean }): Block {
  return details([
    ['Application reference', application.reference],
    ['Name', application.workerName],
    ...(withCosNumber ? [['Certificate of sponsorship (COS) number', application.cosReference] as const] : []),
    ['Application status', 'Withdrawn'],
  ]);
}

function documentNotValid(mustNotBeUsed: string): Block[] {
  return [
    heading('Do not use the pre-clearance document'),
    paragraph(`The application had been approved. ${mustNotBeUsed}`),
    paragraph(
      'Any copy that has already been downloaded or printed is no longer valid. If anyone checks the document, the check page will say that it has been withdrawn.',
    ),
  ];
}

const contactAboutWithdrawal: readonly Block[] = [
  heading('Contact us'),
  paragraph('If you have a question about this withdrawal, contact UK Visas and Immigration:'),
  link(CONTACT_URL),
];

/**
 * A new status link, asked for on the "Link expired" page by someone who knew the sponsor
 * licence number. It goes only to the sponsor email stored for the submission.
 */
export function newStatusLinkEmail(input: {
  sponsorName: string;
  /** The references of the submission's applications, so the sponsor can tell which group it is. */
  references: readonly string[];
  statusLink: string;
  /** How long the new link works (config `statusLinkTtlDays`). */
  statusLinkTtlDays: number;
}): RenderedEmail {
  const plural = input.references.length !== 1;
  const title = plural
    ? 'New link to check the status of your applications'
    : 'New link to check the status of your application';
  const [only] = input.references;
  return render(
    subjectOf(
      plural || only === undefined
        ? `new status link for ${input.references.length} applications`
        : `new status link for application ${only}`,
    ),
    [
      heading(title),
      paragraph(
        `Someone asked for a new link to check the status of ${plural ? 'applications' : 'an application'} for ${SERVICE_NAME_IN_SENTENCE}.`,
      ),
      details([
        ['Sponsor', input.sponsorName],
        ...input.references.map((reference) => ['Application reference', reference] as const),
      ]),
      paragraph('Check the status with this link:'),
      link(input.statusLink),
      paragraph('You will need your sponsor licence number to see the status.'),
      paragraph(
        `The link will stop working after ${days(input.statusLinkTtlDays)}. Older links sent for ${plural ? 'these applications' : 'this application'} still work until they expire.`,
      ),
      paragraph(
        'If you did not ask for a new link, you do not need to do anything. The link is only ever sent to this email address.',
      ),
    ],
  );
}

/**
 * Every subject: the service's short name, then what happened and to which application (or how
 * many), so a sponsor's inbox tells one email from another without opening it.
 */
function subjectOf(what: string): string {
  return `${SHORT_SERVICE_NAME}: ${what}`;
}

function render(subject: string, blocks: readonly Block[]): RenderedEmail {
  return { subject: clean(subject), text: renderText(blocks), html: renderHtml(clean(subject), blocks) };
}

function renderText(blocks: readonly Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        return clean(block.text);
      case 'details':
        return block.rows.map(([label, value]) => `${label}: ${clean(value)}`).join('\n');
      case 'link':
        return clean(block.href);
    }
  });
  return `${parts.join('\n\n')}\n`;
}

// Inline styles only: mail clients drop <style> blocks and external stylesheets. Colours and
// sizes are GOV.UK's.
const styles = {
  body: 'margin:0;padding:20px;font-family:Arial,sans-serif;font-size:19px;line-height:1.32;color:#0b0c0c;background:#ffffff;',
  heading: 'margin:30px 0 15px;font-size:24px;line-height:1.25;font-weight:bold;',
  paragraph: 'margin:0 0 20px;',
  link: 'color:#1d70b8;text-decoration:underline;word-break:break-all;',
};

function renderHtml(subject: string, blocks: readonly Block[]): string {
  const body = blocks.map((block) => {
    switch (block.kind) {
      case 'heading':
        return `<h2 style="${styles.heading}">${escapeHtml(clean(block.text))}</h2>`;
      case 'paragraph':
        return `<p style="${styles.paragraph}">${escapeHtml(clean(block.text))}</p>`;
      case 'details':
        return `<p style="${styles.paragraph}">${block.rows
          .map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(clean(value))}</strong>`)
          .join('<br>')}</p>`;
      case 'link': {
        const href = escapeHtml(clean(block.href));
        return `<p style="${styles.paragraph}"><a href="${href}" style="${styles.link}">${href}</a></p>`;
      }
    }
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    `<body style="${styles.body}">`,
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/**
 * One line of text: a line break inside a name could otherwise fake a line of the email (or a
 * Notify heading), and control characters have no place in any of these values.
 */
function clean(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}
