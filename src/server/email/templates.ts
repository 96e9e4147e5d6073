import type { TFunction } from 'i18next';
import { formatLongDate, formatTimeOfDay } from '#shared/dates/format.ts';
import type { RejectionReason } from '#shared/domain/application-status.ts';
import { STATUS_PRESENTATION } from '#shared/domain/status-presentation.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { textsIn } from '../i18n/server-texts.ts';

// Every email goes out in the language the sponsor used (recorded with the submission, decision
// 032), its texts from the translation files' `email` section. A Welsh email is bilingual, Welsh
// first and then English, as the Home Office Welsh Language Scheme asks of correspondence; its
// subject is "Welsh / English". An Arabic email is in Arabic, each value given by a person or
// the service (names, references, dates) set between Unicode isolates (U+2068 … U+2069), so a
// reference or a Latin name keeps its own direction inside the right-to-left sentence.
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
const link = (href: string): Block => ({ kind: 'link', href });

/** What builds one email in one language: its texts, and how it sets a value inside them. */
interface Writer {
  readonly t: TFunction;
  /** The service's name inside a sentence of this language. */
  readonly service: string;
  /** A value as it goes into this language's text: isolated in Arabic, as it is otherwise. */
  value(text: string): string;
  /** A calendar day in this language's long form. */
  date(day: string | Date): string;
  /** An instant's time of day in London, as this language writes it. */
  time(instant: Date): string;
  /** A block of labelled values, each value set as `value` sets it. */
  details(rows: ReadonlyArray<readonly [string, string]>): Block;
  /** "N days" in this language. */
  days(count: number): string;
  /** The subject: the service's short name, then what happened and to which application. */
  subject(what: string): string;
}

/** First strong isolate … pop directional isolate: the value takes its own direction. */
const isolate = (text: string): string => `\u2068${text}\u2069`;

function writerIn(language: Language): Writer {
  const t = textsIn(language);
  const value = language === 'ar' ? isolate : (text: string) => text;
  return {
    t,
    service: t('email.service.inSentence'),
    value,
    date: (day) => value(formatLongDate(day, language)),
    time: (instant) => value(formatTimeOfDay(instant, language)),
    details: (rows) => ({ kind: 'details', rows: rows.map(([label, text]) => [label, value(text)] as const) }),
    days: (count) => t('email.days', { count }),
    // Every subject: the service's short name, then what happened and to which application (or
    // how many), so a sponsor's inbox tells one email from another without opening it.
    subject: (what) => `${t('email.service.short')}: ${what}`,
  };
}

/** One email's content in one language. */
interface Written {
  readonly subject: string;
  readonly blocks: readonly Block[];
}

/** The email in `language`: Welsh then English for Welsh, the one language otherwise. */
function compose(language: Language, write: (writer: Writer) => Written): RenderedEmail {
  const parts = (language === 'cy' ? (['cy', 'en'] as const) : [language]).map((lang) => ({
    language: lang,
    ...write(writerIn(lang)),
  }));
  return render(parts.map((part) => part.subject).join(' / '), parts);
}

/** The texts of the emails aboutSubmission opens, each key written whole (the translations' test finds them so). */
const submissionTexts = {
  newLink: {
    subjectOne: 'email.newLink.subjectOne',
    subjectMany: 'email.newLink.subjectMany',
    titleOne: 'email.newLink.titleOne',
    titleMany: 'email.newLink.titleMany',
    introOne: 'email.newLink.introOne',
    introMany: 'email.newLink.introMany',
  },
  lockout: {
    subjectOne: 'email.lockout.subjectOne',
    subjectMany: 'email.lockout.subjectMany',
    titleOne: 'email.lockout.titleOne',
    titleMany: 'email.lockout.titleMany',
    introOne: 'email.lockout.introOne',
    introMany: 'email.lockout.introMany',
  },
} as const;

/**
 * The subject and opening of an email about a submission named by its references (a new status
 * link, a lockout): the reference when there is one application, how many otherwise; then the
 * sponsor and every reference, so the sponsor can tell which group it is.
 */
function aboutSubmission(
  { t, service, value, details, subject }: Writer,
  texts: (typeof submissionTexts)[keyof typeof submissionTexts],
  input: { readonly sponsorName: string; readonly references: readonly string[] },
): Written {
  const count = input.references.length;
  const [only] = input.references;
  const one = count === 1 && only !== undefined;
  return {
    subject: subject(one ? t(texts.subjectOne, { reference: value(only) }) : t(texts.subjectMany, { count })),
    blocks: [
      heading(one ? t(texts.titleOne) : t(texts.titleMany)),
      paragraph(one ? t(texts.introOne, { service }) : t(texts.introMany, { service })),
      details([
        [t('email.labels.sponsor'), input.sponsorName],
        ...input.references.map((reference) => [t('email.labels.reference'), reference] as const),
      ]),
    ],
  };
}

/** Sponsor's confirmation after submitting one application or a group. */
export function confirmationEmail(input: {
  sponsorName: string;
  applications: readonly ConfirmedApplication[];
  statusLink: string;
  decisionWithinHours: number;
  /** How long the status link works (config `statusLinkTtlDays`). */
  statusLinkTtlDays: number;
  /** The submission's language (English when not given). */
  language?: Language;
}): RenderedEmail {
  const count = input.applications.length;
  const plural = count !== 1;
  const [only] = input.applications;
  return compose(input.language ?? 'en', ({ t, service, value, details, days, subject }) => ({
    subject: subject(
      plural || only === undefined
        ? t('email.confirmation.subjectMany', { count })
        : t('email.confirmation.subjectOne', { reference: value(only.reference) }),
    ),
    blocks: [
      heading(plural ? t('email.confirmation.titleMany') : t('email.confirmation.titleOne')),
      paragraph(
        plural ? t('email.confirmation.introMany', { count, service }) : t('email.confirmation.introOne', { service }),
      ),
      details([[t('email.labels.sponsor'), input.sponsorName]]),
      ...input.applications.map((application) =>
        details([
          [t('email.labels.reference'), application.reference],
          [t('email.labels.name'), application.workerName],
          [t('email.labels.cosNumber'), application.cosReference],
        ]),
      ),
      heading(t('email.common.whatHappensNext')),
      paragraph(
        plural
          ? t('email.confirmation.decisionWithinMany', { hours: input.decisionWithinHours })
          : t('email.confirmation.decisionWithinOne', { hours: input.decisionWithinHours }),
      ),
      paragraph(plural ? t('email.confirmation.documentMany') : t('email.confirmation.documentOne')),
      heading(plural ? t('email.common.checkStatusMany') : t('email.common.checkStatusOne')),
      paragraph(t('email.confirmation.anyTime')),
      link(input.statusLink),
      paragraph(t('email.common.needLicenceToSee')),
      paragraph(t('email.confirmation.linkStops', { days: days(input.statusLinkTtlDays) })),
    ],
  }));
}

/**
 * The worker's own copy. It carries no status link: the link and the sponsor licence number
 * together open the whole group's details, and those belong to the sponsor.
 */
export function workerConfirmationEmail(input: {
  reference: string;
  workerName: string;
  /** The submission's language (English when not given). */
  language?: Language;
}): RenderedEmail {
  return compose(input.language ?? 'en', ({ t, service, value, details, subject }) => ({
    subject: subject(t('email.confirmation.subjectOne', { reference: value(input.reference) })),
    blocks: [
      heading(t('email.confirmation.titleOne')),
      paragraph(t('email.workerConfirmation.intro', { service })),
      details([
        [t('email.labels.reference'), input.reference],
        [t('email.labels.name'), input.workerName],
      ]),
      heading(t('email.common.whatHappensNext')),
      paragraph(t('email.workerConfirmation.decisionWithin', { hours: DECISION_WITHIN_HOURS })),
      paragraph(t('email.workerConfirmation.question')),
    ],
  }));
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
  /** The submission's language (English when not given). */
  language?: Language;
}): RenderedEmail {
  const { decisions, stillBeingChecked } = input;
  const [only] = decisions;
  if (only === undefined) throw new Error('A decision email needs at least one decision');
  const approved = decisions.filter((d) => d.outcome.status === 'approved').length;
  const rejected = decisions.length - approved;
  const plural = decisions.length > 1;
  const anyLate = decisions.some((d) => d.outcome.status === 'rejected' && d.outcome.reason === 'late');
  const mix = decisionsMix(approved, rejected);

  return compose(input.language ?? 'en', (writer) => {
    const { t, details } = writer;
    const next = nextStep(t, approved, plural);
    return {
      subject: writer.subject(decisionsSubject(writer, mix, only.reference, decisions.length)),
      blocks: [
        heading(decisionsTitle(t, mix)),
        paragraph(decisionsIntro(writer, mix, approved, rejected)),
        ...decisions.map((decision) =>
          details([
            [t('email.labels.reference'), decision.reference],
            [t('email.labels.name'), decision.workerName],
            [t('email.labels.cosNumber'), decision.cosReference],
            ...outcomeRows(writer, decision.outcome),
          ]),
        ),
        ...(stillBeingChecked > 0 ? [paragraph(t('email.decisions.stillChecking', { count: stillBeingChecked }))] : []),
        heading(next.heading),
        paragraph(next.text),
        link(input.statusLink),
        // What the worker does with an approved document: the officer at the border asks for it.
        ...(approved > 0
          ? [paragraph(approved > 1 ? t('email.decisions.carryMany') : t('email.decisions.carryOne'))]
          : []),
        paragraph(t('email.common.needLicence')),
        ...(rejected > 0 ? afterRejection(t, { plural, rejected, anyLate }) : []),
      ],
    };
  });
}

/** Which texts a decision email's decisions call for: one decision, or several of one outcome or both. */
type DecisionsMix = 'oneApproved' | 'oneRejected' | 'allApproved' | 'allRejected' | 'mixed';

function decisionsMix(approved: number, rejected: number): DecisionsMix {
  if (approved + rejected === 1) return approved === 1 ? 'oneApproved' : 'oneRejected';
  if (rejected === 0) return 'allApproved';
  if (approved === 0) return 'allRejected';
  return 'mixed';
}

/** One decision keeps the subject it always had (naming its application); several are counted. */
function decisionsSubject({ t, value }: Writer, mix: DecisionsMix, reference: string, count: number): string {
  switch (mix) {
    case 'oneApproved':
      return t('email.decisions.subjectApproved', { reference: value(reference) });
    case 'oneRejected':
      return t('email.decisions.subjectRejected', { reference: value(reference) });
    case 'allApproved':
      return t('email.decisions.subjectAllApproved', { count });
    case 'allRejected':
      return t('email.decisions.subjectAllRejected', { count });
    case 'mixed':
      return t('email.decisions.subjectMixed', { count });
  }
}

function decisionsTitle(t: TFunction, mix: DecisionsMix): string {
  if (mix === 'oneApproved') return t('email.decisions.titleApproved');
  if (mix === 'oneRejected') return t('email.decisions.titleRejected');
  return t('email.decisions.titleMany');
}

function decisionsIntro({ t, service }: Writer, mix: DecisionsMix, approved: number, rejected: number): string {
  if (mix === 'oneApproved') return t('email.decisions.introApproved', { service });
  if (mix === 'oneRejected') return t('email.decisions.introRejected', { service });
  const outcomes = [
    approved > 0 ? t('email.decisions.outcomeApproved', { count: approved }) : '',
    rejected > 0 ? t('email.decisions.outcomeRejected', { count: rejected }) : '',
  ].filter((part) => part !== '');
  return t('email.decisions.introMany', {
    count: approved + rejected,
    service,
    outcomes:
      outcomes.length === 2
        ? t('email.decisions.outcomesBoth', { approved: outcomes[0], rejected: outcomes[1] })
        : outcomes[0],
  });
}

/** Where to go next: the documents to download when any is approved, else the status page. */
function nextStep(t: TFunction, approved: number, plural: boolean): { heading: string; text: string } {
  if (approved > 1) return { heading: t('email.decisions.downloadMany'), text: t('email.decisions.downloadFromMany') };
  if (approved > 0) return { heading: t('email.decisions.downloadOne'), text: t('email.decisions.downloadFromOne') };
  if (plural) return { heading: t('email.common.checkStatusMany'), text: t('email.common.seeOnStatusPageMany') };
  return { heading: t('email.common.checkStatusOne'), text: t('email.common.seeOnStatusPageOne') };
}

/** What a sponsor can do after a rejection: apply for the visa, apply again after a late one, ask us. */
function afterRejection(
  t: TFunction,
  { plural, rejected, anyLate }: { plural: boolean; rejected: number; anyLate: boolean },
): Block[] {
  return [
    heading(t('email.decisions.whatToDoNext')),
    paragraph(plural ? t('email.decisions.visaMany') : t('email.decisions.visaOne')),
    link(CREATIVE_WORKER_VISA_URL),
    ...(anyLate ? [paragraph(t('email.decisions.applyAgain', { hours: DECISION_WITHIN_HOURS }))] : []),
    heading(t('email.common.contactUs')),
    paragraph(rejected > 1 ? t('email.decisions.questionMany') : t('email.decisions.questionOne')),
    link(CONTACT_URL),
  ];
}

function outcomeRows({ t, date }: Writer, outcome: DecisionOutcome): ReadonlyArray<readonly [string, string]> {
  return outcome.status === 'approved'
    ? [
        [t('email.labels.decision'), t(STATUS_PRESENTATION.approved.emailWord)],
        [t('email.labels.leaveTheUk'), t('email.values.leaveBy', { date: date(outcome.leaveDate) })],
      ]
    : [
        [t('email.labels.decision'), t(STATUS_PRESENTATION.rejected.emailWord)],
        [t('email.labels.reason'), rejectionWords(t)[outcome.reason]],
      ];
}

const rejectionWords = (t: TFunction): Record<RejectionReason, string> => ({
  late: t('email.decisions.reasons.late'),
  credibility: t('email.decisions.reasons.credibility'),
  routing: t('email.decisions.reasons.routing'),
});

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
export function withdrawalEmail(input: {
  application: WithdrawnApplication;
  statusLink: string;
  /** The submission's language (English when not given). */
  language?: Language;
}): RenderedEmail {
  const { application } = input;
  return compose(input.language ?? 'en', (writer) => {
    const { t, service, value, subject } = writer;
    return {
      subject: subject(t('email.withdrawal.subject', { reference: value(application.reference) })),
      blocks: [
        heading(t('email.withdrawal.title')),
        paragraph(t('email.withdrawal.intro', { service })),
        withdrawnDetails(writer, application, { withCosNumber: true }),
        ...(application.wasApproved ? documentNotValid(t, t('email.withdrawal.hadBeenApproved')) : []),
        heading(t('email.common.whatToDoNow')),
        paragraph(
          application.wasApproved
            ? t('email.withdrawal.cannotTravelClearance')
            : t('email.withdrawal.cannotTravelApplication'),
        ),
        paragraph(t('email.withdrawal.newApplication', { hours: DECISION_WITHIN_HOURS })),
        paragraph(t('email.withdrawal.visa')),
        link(CREATIVE_WORKER_VISA_URL),
        heading(t('email.common.checkStatusOne')),
        paragraph(t('email.common.seeOnStatusPageOne')),
        link(input.statusLink),
        paragraph(t('email.common.needLicence')),
        ...contactAboutWithdrawal(t),
      ],
    };
  });
}

/**
 * The worker's copy, for a worker who gave an email address. Like their confirmation, it carries
 * no status link and no sponsor licence number: those open the whole group's details.
 */
export function workerWithdrawalEmail(input: {
  application: WithdrawnApplication;
  /** The submission's language (English when not given). */
  language?: Language;
}): RenderedEmail {
  const { application } = input;
  return compose(input.language ?? 'en', (writer) => {
    const { t, service, value, subject } = writer;
    return {
      subject: subject(t('email.withdrawal.subject', { reference: value(application.reference) })),
      blocks: [
        heading(t('email.withdrawal.title')),
        paragraph(t('email.withdrawal.workerIntro', { service })),
        // As in the worker's confirmation: the reference and the name only. Anyone can type any
        // address as the worker's, so nothing more of the application goes there.
        withdrawnDetails(writer, application, { withCosNumber: false }),
        ...(application.wasApproved ? documentNotValid(t, t('email.withdrawal.workerHadBeenApproved')) : []),
        heading(t('email.common.whatToDoNow')),
        paragraph(
          application.wasApproved
            ? t('email.withdrawal.workerCannotTravelClearance')
            : t('email.withdrawal.workerCannotTravelApplication'),
        ),
        paragraph(t('email.withdrawal.workerNewApplication', { hours: DECISION_WITHIN_HOURS })),
        paragraph(t('email.withdrawal.workerVisa')),
        link(CREATIVE_WORKER_VISA_URL),
        ...contactAboutWithdrawal(t),
      ],
    };
  });
}

function withdrawnDetails(
  { t, details }: Writer,
  application: WithdrawnApplication,
  { withCosNumber }: { withCosNumber: boolean },
): Block {
  return details([
    [t('email.labels.reference'), application.reference],
    [t('email.labels.name'), application.workerName],
    ...(withCosNumber ? [[t('email.labels.cosNumber'), application.cosReference] as const] : []),
    [t('email.labels.applicationStatus'), t(STATUS_PRESENTATION.withdrawn.emailWord)],
  ]);
}

function documentNotValid(t: TFunction, hadBeenApproved: string): Block[] {
  return [
    heading(t('email.withdrawal.doNotUse')),
    paragraph(hadBeenApproved),
    paragraph(t('email.withdrawal.noLongerValid')),
  ];
}

const contactAboutWithdrawal = (t: TFunction): readonly Block[] => [
  heading(t('email.common.contactUs')),
  paragraph(t('email.withdrawal.question')),
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
  /** The submission's language (English when not given). */
  language?: Language;
}): RenderedEmail {
  const plural = input.references.length !== 1;
  return compose(input.language ?? 'en', (writer) => {
    const { t, days } = writer;
    const opening = aboutSubmission(writer, submissionTexts.newLink, input);
    return {
      subject: opening.subject,
      blocks: [
        ...opening.blocks,
        paragraph(t('email.newLink.checkWithLink')),
        link(input.statusLink),
        paragraph(t('email.common.needLicenceToSee')),
        paragraph(
          plural
            ? t('email.newLink.linkStopsMany', { days: days(input.statusLinkTtlDays) })
            : t('email.newLink.linkStopsOne', { days: days(input.statusLinkTtlDays) }),
        ),
        paragraph(t('email.newLink.notYou')),
      ],
    };
  });
}

/**
 * A client was locked out of the submission's status page after 5 wrong licence numbers in an hour
 * (decision 043), sent at most once an hour per submission. It says what happened and what the
 * sponsor can do (wait, get a new link without the email, contact us), never who or where from:
 * no address, no number typed.
 */
export function lockoutNoticeEmail(input: {
  sponsorName: string;
  /** The references of the submission's applications, so the sponsor can tell which group it is. */
  references: readonly string[];
  /** The page for a new status link without the email (`/get-status-link`, decision 041). */
  newLinkPage: string;
  /** The submission's language (English when not given). */
  language?: Language;
}): RenderedEmail {
  return compose(input.language ?? 'en', (writer) => {
    const { t } = writer;
    const opening = aboutSubmission(writer, submissionTexts.lockout, input);
    return {
      subject: opening.subject,
      blocks: [
        ...opening.blocks,
        paragraph(t('email.lockout.ifYou')),
        paragraph(t('email.lockout.ifNotYou')),
        paragraph(t('email.lockout.newLink')),
        link(input.newLinkPage),
        heading(t('email.common.contactUs')),
        paragraph(t('email.lockout.question')),
        link(CONTACT_URL),
        paragraph(t('email.lockout.atMostHourly')),
      ],
    };
  });
}

/**
 * The link to a draft saved with "Save and come back later", emailed to the draft's contact email
 * when it is saved and each time its link is used (the link works once). It holds no word of the
 * user's: anyone can type any address, so it says only what the service did, and when.
 */
export function savedDraftEmail(input: {
  /** The link that opens the draft (`draftLink`), once. */
  link: string;
  /** When the link stops working and the answers are deleted (`draftExpiry` of the last save). */
  until: Date;
  /** The last save. */
  savedAt: Date;
  /** The language of the save. */
  language: Language;
}): RenderedEmail {
  return compose(input.language, ({ t, service, date, time, subject }) => ({
    subject: subject(t('email.savedDraft.subject')),
    blocks: [
      heading(t('email.savedDraft.title')),
      paragraph(t('email.savedDraft.savedOn', { service, date: date(input.savedAt) })),
      paragraph(t('email.savedDraft.continueWithLink')),
      link(input.link),
      paragraph(t('email.savedDraft.linkOnce')),
      paragraph(t('email.savedDraft.until', { time: time(input.until), date: date(input.until) })),
      paragraph(t('email.savedDraft.doNotShare')),
      paragraph(t('email.savedDraft.notYou')),
    ],
  }));
}

/** The email's parts: one, or Welsh then English. */
interface Part extends Written {
  readonly language: Language;
}

function render(subject: string, parts: readonly Part[]): RenderedEmail {
  return { subject: clean(subject), text: renderText(parts), html: renderHtml(clean(subject), parts) };
}

function renderText(parts: readonly Part[]): string {
  const lines = parts
    .flatMap((part) => part.blocks)
    .map((block) => {
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
  return `${lines.join('\n\n')}\n`;
}

// Inline styles only: mail clients drop <style> blocks and external stylesheets. Colours and
// sizes are GOV.UK's.
const styles = {
  body: 'margin:0;padding:20px;font-family:Arial,sans-serif;font-size:19px;line-height:1.32;color:#0b0c0c;background:#ffffff;',
  heading: 'margin:30px 0 15px;font-size:24px;line-height:1.25;font-weight:bold;',
  paragraph: 'margin:0 0 20px;',
  link: 'color:#1d70b8;text-decoration:underline;word-break:break-all;',
  divider: 'margin:30px 0;border:0;border-top:1px solid #b1b4b6;',
};

function renderBlocks(blocks: readonly Block[], language: Language): string[] {
  return blocks.map((block) => {
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
        // An address reads left to right, in a right-to-left email too.
        const href = escapeHtml(clean(block.href));
        return `<p style="${styles.paragraph}"${language === 'ar' ? ' dir="ltr"' : ''}><a href="${href}" style="${styles.link}">${href}</a></p>`;
      }
    }
  });
}

function renderHtml(subject: string, parts: readonly Part[]): string {
  const [first] = parts;
  const language = first?.language ?? 'en';
  // The second part of a bilingual email (its English) says its language, so it is read as English.
  const body = parts.flatMap((part, index) =>
    index === 0
      ? renderBlocks(part.blocks, part.language)
      : [
          `<hr style="${styles.divider}">`,
          `<div lang="${part.language}">`,
          ...renderBlocks(part.blocks, part.language),
          '</div>',
        ],
  );
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}"${language === 'ar' ? ' dir="rtl"' : ''}>`,
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
