// The feedback page without JavaScript (decision 028): its form posts the rating and the comment to
// the page, which shows the errors or the thanks. Nothing is kept in a session; the form spends the
// pages' forms budget (page-form-handlers.ts) and, once the rule passes, the address's feedback budget,
// which the call spends too.
import { FEEDBACK_PATH } from '#shared/api/feedback.ts';
import type { FeedbackAnswers } from '#shared/validation/feedback.ts';
import type { GivenFeedback } from '../services/feedback.ts';
import { formField, tooMany, type PageFormHandler } from './page-form-handlers.ts';

export function createFeedbackForms(options: {
  readonly give: (address: string, answers: FeedbackAnswers) => Promise<GivenFeedback>;
}): PageFormHandler {
  return {
    paths: [FEEDBACK_PATH],
    async post(request) {
      const answers: FeedbackAnswers = {
        'feedback-rating': formField(request.body, 'feedback-rating') ?? '',
        'feedback-comment': formField(request.body, 'feedback-comment') ?? '',
      };
      const given = await options.give(request.ip, answers);
      if (given.kind === 'invalid')
        return {
          kind: 'page',
          code: 422,
          view: { outcome: { feedback: { kind: 'ask', answers, errors: given.errors } } },
        };
      if (given.kind === 'tooMany') return tooMany(request, given.retryAfterSeconds);
      return { kind: 'page', view: { outcome: { feedback: { kind: 'sent' } } } };
    },
  };
}
