// The one reader of the page data (page-data.ts says what it holds): the app's entry reads it to
// decide whether to hydrate, and the check and status stores, the feedback page and the COS
// numbers' warning take their part of the server's answer from it. Every part is checked before
// anything uses it, so a page written by another version of the server (a cached one, say) is
// taken for no page data rather than read wrongly.
//
// Checked by hand rather than with valibot: the entry imports this module, so its checks are in
// every first load, and importing valibot here would bring every schema function the app uses
// into it (3 KiB over its budget). It imports nothing of the app at run time (page-data.ts for
// its types only), so a page's chunk that imports it takes nothing more of the entry's modules.
import type { ClearanceCheckResponse, ClearanceCheckView } from '#shared/api/clearance-check.ts';
import type { CosReferencesInUse } from '#shared/api/cos-references-in-use.ts';
import type { FeedbackView } from '#shared/api/feedback.ts';
import type { DateParts } from '#shared/dates/date-parts.ts';
import type { ClearanceCheckAnswers } from '#shared/validation/clearance-check.ts';
import { PAGE_DATA_ID } from '#shared/pages/page-data-element.ts';
import type { PageFacts } from '#shared/pages/page-renderer.ts';
import type { FeedbackAnswers } from '#shared/validation/feedback.ts';
import type { KeptValues, PageData } from './page-data.ts';

type Check = (value: unknown) => boolean;

/**
 * A check for every property of T, the optional ones too: the compiler refuses a shape that
 * leaves one out or adds one, so a property added to the page data is checked as soon as it is
 * written.
 */
type Shape<T> = { readonly [K in keyof T]-?: Check };

/** The shape of each member of the union T but its `key`, by the value of that key. */
type Variants<T, K extends keyof T> = { readonly [V in T[K] & string]: Shape<Omit<Extract<T, Record<K, V>>, K>> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText: Check = (value) => typeof value === 'string';
const isTextOrNull: Check = (value) => value === null || isText(value);
const isTexts: Check = (value) => Array.isArray(value) && value.every(isText);
const oneOf =
  (...values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);

const matches = (value: unknown, shape: Readonly<Record<string, Check>>) =>
  isRecord(value) && Object.entries(shape).every(([key, check]) => check(value[key]));

const object =
  <T>(shape: Shape<T>): Check =>
  (value) =>
    matches(value, shape);

/** A member of a union told apart by `key` (`kind`, `outcome`), with that member's shape. */
const variant =
  <T, K extends keyof T & string>(key: K, variants: Variants<T, K>): Check =>
  (value) => {
    const tag = isRecord(value) ? value[key] : undefined;
    const shapes: Readonly<Record<string, Readonly<Record<string, Check>>>> = variants;
    return typeof tag === 'string' && Object.hasOwn(shapes, tag) && matches(value, shapes[tag] ?? {});
  };

/** A form's errors: a rule's name for some of the form's fields. */
const errorsOf =
  <E extends object>(fields: readonly (keyof E & string)[]): Check =>
  (value) =>
    isRecord(value) &&
    Object.entries(value).every(([field, rule]) => fields.includes(field as keyof E & string) && isText(rule));

type AskToCheck = Extract<ClearanceCheckView, { kind: 'ask' }>;
const isClearanceCheckView = variant<ClearanceCheckView, 'kind'>('kind', {
  ask: {
    answers: object<ClearanceCheckAnswers>({
      'check-code': isText,
      'date-of-birth': object<DateParts>({ day: isText, month: isText, year: isText }),
    }),
    errors: errorsOf<AskToCheck['errors']>(['check-code', 'date-of-birth']),
  },
  checking: {},
  result: {
    result: variant<ClearanceCheckResponse, 'outcome'>('outcome', {
      valid: {
        applicationReference: isText,
        checkCode: isText,
        familyName: isText,
        givenNames: isText,
        arrivalDate: isText,
        firstWorkDate: isText,
        lastWorkDate: isText,
        leaveDate: isText,
        sponsorName: isText,
        documentIssuedAt: isText,
        checkedAt: isText,
      },
      withdrawn: { withdrawnAt: isText, checkedAt: isText },
      'not-valid': { checkedAt: isText },
    }),
  },
  locked: { until: isText },
  failed: {},
});

type AskForFeedback = Extract<FeedbackView, { kind: 'ask' }>;
const feedbackAnswers = object<FeedbackAnswers>({ 'feedback-rating': isText, 'feedback-comment': isText });
const isFeedbackView = variant<FeedbackView, 'kind'>('kind', {
  ask: {
    answers: feedbackAnswers,
    errors: errorsOf<AskForFeedback['errors']>(['feedback-rating', 'feedback-comment']),
  },
  sending: { answers: feedbackAnswers },
  failed: { answers: feedbackAnswers },
  sent: {},
});

const isPageData = object<PageData>({
  kept: object<KeptValues>({ formState: isTextOrNull, statusToken: isTextOrNull }),
  formToken: isText,
  back: optional(isText),
  once: optional(oneOf(true)),
  check: optional(isClearanceCheckView),
  statusLink: optional(oneOf('invalidLink', 'expiredLink')),
  feedback: optional(isFeedbackView),
  facts: optional(
    object<PageFacts>({
      cosReferencesInUse: optional(object<CosReferencesInUse>({ asked: isTexts, inUse: isTexts })),
    }),
  ),
});

/**
 * What the server wrote into the page, when it rendered it (not under `npm run dev`, nor on the
 * server); undefined when it is not what this version writes.
 */
export function readPageData(): PageData | undefined {
  if (typeof document === 'undefined') return undefined;
  const json = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!json) return undefined;
  try {
    const data: unknown = JSON.parse(json);
    // The shape checks every property PageData has (Shape above), so the data is one.
    return isPageData(data) ? (data as PageData) : undefined;
  } catch {
    return undefined;
  }
}
