// The feedback page (decision 028): its address, the call its form makes with JavaScript, and what
// the page shows without it. No valibot here: the route table imports the page's path.
import type { FeedbackAnswers } from '../validation/feedback.ts';
import type { FieldErrors } from '../validation/fields.ts';

/** The feedback page, linked from the phase banner and the confirmation page. */
export const FEEDBACK_PATH = '/feedback';

/** The call storing one feedback: `{ rating, comment }`, answered 201, or 400 with the failed rules. */
export const FEEDBACK_API_PATH = '/api/public/feedback';

/** The call's body. */
export interface FeedbackRequest {
  readonly rating: string;
  readonly comment: string;
}

/** What the feedback page shows. */
export type FeedbackView =
  /** The form, as typed, with its errors (none before it is sent). */
  | {
      readonly kind: 'ask';
      readonly answers: FeedbackAnswers;
      readonly errors: FieldErrors<'feedback-rating' | 'feedback-comment'>;
    }
  | { readonly kind: 'sending'; readonly answers: FeedbackAnswers }
  /** The call failed (the service, the connection, or too much feedback from one address). */
  | { readonly kind: 'failed'; readonly answers: FeedbackAnswers }
  | { readonly kind: 'sent' };
