import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_FIELD } from '#shared/journey/page-forms.ts';
import { answersFingerprint } from '#shared/journey/submission.ts';
import { answeredMember, answeredState, groupState, renderJourneyPage } from '../../test-support/journey-pages.tsx';
import { CheckAnswersPage } from './check-answers-page.tsx';
import { GroupEditPage } from './group-edit-page.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

const SERVICE = 'Creative worker visa concession remote clearance';

/** The one button of the page, with what it sends, from where. */
function onlyButton() {
  const buttons = screen.getAllByRole('button');
  expect(buttons).toHaveLength(1);
  const button = buttons[0]!;
  const form = button.closest('form')!;
  return {
    text: button.textContent,
    value: [button.getAttribute('name'), button.getAttribute('value')],
    action: form.getAttribute('action'),
    fingerprint: form.querySelector<HTMLInputElement>(`input[name="${FINGERPRINT_FIELD}"]`)?.value,
  };
}

describe('the page of a send that stored nothing', () => {
  it('says the service failed and the answers are kept, with Try again sending the same answers', () => {
    const state = answeredState();
    renderJourneyPage(<CheckAnswersPage />, {
      url: '/check-your-answers',
      state,
      outcome: { submission: { kind: 'failed' } },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sorry, there is a problem with the service');
    expect(document.body.textContent).toContain('Your answers have been kept.');
    expect(document.title).toBe(`Sorry, there is a problem with the service | ${SERVICE}`);
    expect(onlyButton()).toEqual({
      text: 'Try again',
      value: ['action', 'send'],
      action: '/check-your-answers',
      fingerprint: answersFingerprint(state),
    });
    // Not the answers: the page is about the send.
    expect(document.querySelector('.govuk-summary-list')).toBeNull();
  });

  it('says the reference was taken by other answers, offering to send them again as new', () => {
    const state = answeredState();
    renderJourneyPage(<CheckAnswersPage />, {
      url: '/check-your-answers',
      state,
      outcome: { submission: { kind: 'conflict' } },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('These applications have not been sent');
    expect(document.body.textContent).toContain('Check your email for a confirmation from us.');
    expect(document.title).toBe(`These applications have not been sent | ${SERVICE}`);
    expect(onlyButton()).toEqual({
      text: 'Send the applications again',
      value: ['action', 'send-as-new'],
      action: '/check-your-answers',
      fingerprint: answersFingerprint(state),
    });
  });

  it('says too many were sent from the connection, with Try again, from the group overview', () => {
    const state = groupState([answeredMember({ 'what-would-you-like-to-do': 'group-application' })]);
    renderJourneyPage(<GroupEditPage />, {
      url: '/group-edit',
      state,
      outcome: { submission: { kind: 'tooMany' } },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Too many attempts to send applications');
    expect(document.body.textContent).toContain('Wait a minute, then try again.');
    expect(onlyButton()).toEqual({
      text: 'Try again',
      value: ['action', 'send'],
      action: '/group-edit',
      fingerprint: answersFingerprint(state),
    });
    expect(document.querySelector('.govuk-summary-list')).toBeNull();
  });
});
