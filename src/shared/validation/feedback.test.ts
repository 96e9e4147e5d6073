import { describe, expect, it } from 'vitest';
import { FEEDBACK_COMMENT_MAX_LENGTH, normaliseFeedbackComment, validateFeedback } from './feedback.ts';

const answers = (rating: string, comment = '') => ({ 'feedback-rating': rating, 'feedback-comment': comment });

describe('validateFeedback', () => {
  it('takes a rating with no comment, or with a comment of several lines', () => {
    expect(validateFeedback(answers('very-dissatisfied'))).toEqual({});
    expect(validateFeedback(answers('satisfied', 'The dates page was hard.\r\nThe rest was fine.\n'))).toEqual({});
  });

  it('needs one of the five ratings', () => {
    expect(validateFeedback(answers(''))).toEqual({ 'feedback-rating': 'required' });
    expect(validateFeedback(answers('delighted'))).toEqual({ 'feedback-rating': 'required' });
  });

  it('refuses a comment longer than the limit once trimmed, counting characters rather than UTF-16 units', () => {
    expect(validateFeedback(answers('neither', ` ${'ب'.repeat(FEEDBACK_COMMENT_MAX_LENGTH)} `))).toEqual({});
    expect(validateFeedback(answers('neither', '😀'.repeat(FEEDBACK_COMMENT_MAX_LENGTH)))).toEqual({});
    expect(validateFeedback(answers('neither', 'a'.repeat(FEEDBACK_COMMENT_MAX_LENGTH + 1)))).toEqual({
      'feedback-comment': 'maxLength',
    });
  });

  it('counts a line break as one character, however the browser sent it', () => {
    const lines = (breakWith: string) =>
      Array(FEEDBACK_COMMENT_MAX_LENGTH / 10)
        .fill('123456789')
        .join(breakWith);
    expect(validateFeedback(answers('neither', lines('\r\n')))).toEqual({});
    expect(validateFeedback(answers('neither', lines('\n')))).toEqual({});
    expect(normaliseFeedbackComment(' a\r\nb\rc\n ')).toBe('a\nb\nc');
  });

  it('refuses hidden characters other than line breaks, as every typed answer does', () => {
    for (const hidden of ['\u0000', '\t', '\u007F', '\u202E', '\u2066'])
      expect(validateFeedback(answers('satisfied', `Fine${hidden}thanks`))).toEqual({
        'feedback-comment': 'noControlCharacters',
      });
  });
});
