import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INITIAL_FORM_STATE } from '#shared/journey/form-state.ts';
import { answeredMember, groupState, renderJourneyPage, summaryRows } from '../../test-support/journey-pages.tsx';
import { GroupEditPage } from './group-edit-page.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

const GROUP = 'group-application';
const ana = answeredMember({ 'what-would-you-like-to-do': GROUP, 'cos-reference': 'C2G8K5000000AA' });
const ben = answeredMember({
  'what-would-you-like-to-do': GROUP,
  'family-name': 'Okafor',
  'given-name': 'Ben',
  'cos-reference': 'C2G8K5000000BB',
});

const lists = () => [...document.querySelectorAll('.govuk-summary-list')];
const button = (name: string) => screen.queryByRole('button', { name });

describe('the group overview', () => {
  it('shows the group’s sponsor with Change links back to it, and each applicant with Edit and Delete', () => {
    renderJourneyPage(<GroupEditPage />, { url: '/group-edit', state: groupState([ana, ben]) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Group overview');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Sponsor',
      'Applicants',
    ]);
    const [sponsor, members] = lists();
    expect(summaryRows(sponsor!)).toEqual([
      {
        key: 'Email address',
        value: 'bookings@example-theatre.co.uk',
        links: [['Change Email address', '/your-contact-details?change=group']],
      },
      {
        key: 'Sponsor name',
        value: 'Example Theatre Company Ltd',
        links: [['Change Sponsor name', '/sponsor-details?change=group']],
      },
      {
        key: 'Sponsor licence number',
        value: 'TNBHDW2R7',
        links: [['Change Sponsor licence number', '/sponsor-details?change=group']],
      },
    ]);
    expect(document.body.textContent).toContain('2 applicants awaiting submission');
    expect(summaryRows(members!)).toEqual([
      {
        key: 'Eithne Patricia Ní Bhraonáin',
        value: 'C2G8K5000000AA',
        links: [
          ['Edit Eithne Patricia Ní Bhraonáin', '/check-your-answers?edit=0'],
          ['Delete Eithne Patricia Ní Bhraonáin', '/group-edit?delete=0'],
        ],
      },
      {
        key: 'Ben Okafor',
        value: 'C2G8K5000000BB',
        links: [
          ['Edit Ben Okafor', '/check-your-answers?edit=1'],
          ['Delete Ben Okafor', '/group-edit?delete=1'],
        ],
      },
    ]);
    expect(button('Add another applicant')?.getAttribute('value')).toBe('add-applicant');
    expect(button('Submit applications')?.getAttribute('value')).toBe('send');
    expect(button('Save and come back later')).not.toBeNull();
    expect(document.body.textContent).toContain('By sending the application you confirm that the details are correct');
    expect(document.querySelector('.govuk-error-summary')).toBeNull();
  });

  it('offers no Submit while nobody is in the group', () => {
    renderJourneyPage(<GroupEditPage />, { url: '/group-edit', state: groupState([]) });
    expect(document.body.textContent).toContain('There are no applicants in the group yet.');
    expect(button('Submit applications')).toBeNull();
    expect(button('Add another applicant')).not.toBeNull();
  });

  it('asks to confirm deleting the applicant its Delete link names, and says whom it deleted', () => {
    const { unmount } = renderJourneyPage(<GroupEditPage />, {
      url: '/group-edit?delete=1',
      state: groupState([ana, ben]),
    });
    const question = screen.getByRole('heading', {
      level: 2,
      name: 'Are you sure you want to delete the application for Ben Okafor?',
    });
    expect(document.activeElement).toBe(question);
    const yes = screen.getByRole('button', { name: 'Yes, delete it' });
    expect(yes.getAttribute('value')).toBe('delete-applicant');
    expect(yes.closest('form')?.querySelector<HTMLInputElement>('input[name="applicant"]')?.value).toBe('1');
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('href')).toBe('/group-edit');
    unmount();

    renderJourneyPage(<GroupEditPage />, {
      url: '/group-edit?deleted',
      state: groupState([ana]),
      notice: 'Ben Okafor',
    });
    expect(document.querySelector('.govuk-notification-banner')?.textContent).toContain(
      'The application for Ben Okafor was deleted.',
    );
    expect(screen.queryByRole('button', { name: 'Yes, delete it' })).toBeNull();
  });

  it('says a full group can take no one more, and offers no Add', () => {
    renderJourneyPage(<GroupEditPage />, { url: '/group-edit', state: groupState(Array(10).fill(ana)) });
    expect(document.querySelector('.govuk-inset-text')?.textContent).toBe(
      'A group can have up to 10 applicants. Submit these applications, then start a new group for any others.',
    );
    expect(button('Add another applicant')).toBeNull();
    expect(button('Submit applications')).not.toBeNull();
  });

  it('shows the group’s error in a summary, and in the title', () => {
    renderJourneyPage(<GroupEditPage />, {
      url: '/group-edit',
      state: groupState([ana], { errors: { group: { group: 'maxApplications' } } }),
    });
    const summary = document.querySelector<HTMLElement>('.govuk-error-summary')!;
    const link = within(summary).getByRole('link');
    expect([link.textContent, link.getAttribute('href')]).toEqual([
      'You cannot submit more than 10 applications at once',
      '#group',
    ]);
    expect(document.title).toMatch(/^Error: Group overview \| /);
  });

  it('names the member each refused answer is about, linking to where it is changed', () => {
    renderJourneyPage(<GroupEditPage />, {
      url: '/group-edit',
      state: groupState([ana, ben]),
      outcome: {
        submission: {
          kind: 'refused',
          answers: [
            { index: 1, field: 'passport-number', rule: 'characters' },
            // A sponsor's answer is the group's: changed from the overview.
            { index: 0, field: 'sponsor-email', rule: 'validEmail' },
          ],
        },
      },
    });
    const summary = document.querySelector<HTMLElement>('.govuk-error-summary')!;
    expect(summary.textContent).toContain('Nothing has been sent.');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Ben Okafor: The passport number may only contain letters and numbers', '/passport-details?edit=1'],
      ['Eithne Patricia Ní Bhraonáin: Enter a valid email address', '/your-contact-details?change=group'],
    ]);
  });

  it('sends a browser that has not chosen a group to the first question', () => {
    renderJourneyPage(<GroupEditPage />, { url: '/group-edit', state: INITIAL_FORM_STATE });
    expect(screen.getByTestId('sent-to').textContent).toBe('/your-contact-details');
  });
});
