// The feedback page's question (decision 028): one rule for the page, before it sends, and for the
// server, before it stores. Kept apart from sections.ts so the feedback page loads it alone.
import { hasForbiddenCharactersInText } from './characters.ts';
import type { FieldErrors } from './fields.ts';

/** The answers to "Overall, how did you feel about the service you received today?", best first. */
export const FEEDBACK_RATINGS = [
  'very-satisfied',
  'satisfied',
  'neither',
  'dissatisfied',
  'very-dissatisfied',
] as const;

export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** The longest comment, in characters once trimmed; the page's hint says the same number. */
export const FEEDBACK_COMMENT_MAX_LENGTH = 1200;

/** What the feedback form holds, as typed. */
export interface FeedbackAnswers {
  readonly 'feedback-rating': string;
  readonly 'feedback-comment': string;
}

/** The fields of the form, in the order the page shows them. */
export const FEEDBACK_FIELDS = ['feedback-rating', 'feedback-comment'] as const;

export const EMPTY_FEEDBACK: FeedbackAnswers = { 'feedback-rating': '', 'feedback-comment': '' };

export const isFeedbackRating = (value: string): value is FeedbackRating =>
  (FEEDBACK_RATINGS as readonly string[]).includes(value);

/**
 * The comment as stored: trimmed, its line breaks as LF. A browser sends a form's line breaks as
 * CRLF and the page's call sends LF: the same comment counts the same on both paths.
 */
export function normaliseFeedbackComment(comment: string): string {
  return comment.replace(/\r\n?/g, '\n').trim();
}

/** The first rule each field fails; empty when the feedback can be stored. */
export function validateFeedback(answers: FeedbackAnswers): FieldErrors<(typeof FEEDBACK_FIELDS)[number]> {
  const errors: FieldErrors<(typeof FEEDBACK_FIELDS)[number]> = {};
  if (!isFeedbackRating(answers['feedback-rating'])) errors['feedback-rating'] = 'required';
  const comment = answers['feedback-comment'];
  if (hasForbiddenCharactersInText(comment)) errors['feedback-comment'] = 'noControlCharacters';
  else if ([...normaliseFeedbackComment(comment)].length > FEEDBACK_COMMENT_MAX_LENGTH)
    errors['feedback-comment'] = 'maxLength';
  return errors;
}
