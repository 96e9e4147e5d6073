import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { ErrorSummary } from './error-summary.tsx';

describeFixtures('error-summary', ErrorSummary);

describe('ErrorSummary behaviour', () => {
  const scrolled: Element[] = [];
  const originalScrollIntoView = Element.prototype.scrollIntoView;
  beforeEach(() => {
    // jsdom has no layout, so no scrollIntoView.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
  });
  afterEach(() => {
    cleanup();
    scrolled.length = 0;
    Element.prototype.scrollIntoView = originalScrollIntoView;
  });

  const summary = () => document.querySelector<HTMLElement>('.govuk-error-summary');

  it('takes focus on mount, with a tabindex that goes on blur', () => {
    render(<ErrorSummary titleText="There is a problem" errorList={[{ text: 'Enter your name', href: '#name' }]} />);
    expect(document.activeElement).toBe(summary());
    expect(summary()?.getAttribute('tabindex')).toBe('-1');
    summary()?.blur();
    expect(summary()?.hasAttribute('tabindex')).toBe(false);
  });

  it('does not take focus when disableAutoFocus is set', () => {
    render(<ErrorSummary titleText="There is a problem" disableAutoFocus />);
    expect(document.activeElement).toBe(document.body);
  });

  it('takes focus again when the errors change, but not on every render', () => {
    const errors = (text: string) => [{ text, href: '#name' }];
    const { rerender } = render(
      <>
        <ErrorSummary titleText="There is a problem" errorList={errors('Enter your name')} />
        <input id="name" />
      </>,
    );
    const input = document.getElementById('name') as HTMLInputElement;
    input.focus();
    rerender(
      <>
        <ErrorSummary titleText="There is a problem" errorList={errors('Enter your name')} />
        <input id="name" />
      </>,
    );
    expect(document.activeElement).toBe(input);
    rerender(
      <>
        <ErrorSummary titleText="There is a problem" errorList={errors('Name must be 35 characters or fewer')} />
        <input id="name" />
      </>,
    );
    expect(document.activeElement).toBe(summary());
  });

  it('focuses the field and scrolls its label into view when a link is clicked', () => {
    render(
      <>
        <ErrorSummary titleText="There is a problem" errorList={[{ text: 'Enter your name', href: '#name' }]} />
        <label htmlFor="name">Name</label>
        <input id="name" />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Enter your name' });
    expect(fireEvent.click(link)).toBe(false);
    expect(document.activeElement).toBe(document.getElementById('name'));
    expect(scrolled).toEqual([screen.getByText('Name')]);
  });

  it('focuses the day field of a date input and scrolls its legend into view', () => {
    render(
      <>
        <ErrorSummary titleText="There is a problem" errorList={[{ text: 'Enter your date of birth', href: '#dob' }]} />
        <fieldset>
          <legend>Date of birth</legend>
          <div className="govuk-date-input" id="dob">
            <label htmlFor="dob-day">Day</label>
            <input id="dob-day" />
            <label htmlFor="dob-month">Month</label>
            <input id="dob-month" />
          </div>
        </fieldset>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Enter your date of birth' }));
    expect(document.activeElement).toBe(document.getElementById('dob-day'));
    // Without layout the legend's distance cannot be measured, so govuk-frontend falls back to the label.
    expect(scrolled).toEqual([screen.getByText('Day')]);
  });

  it('focuses the first radio and scrolls the legend into view', () => {
    render(
      <>
        <ErrorSummary titleText="There is a problem" errorList={[{ text: 'Select an option', href: '#choice' }]} />
        <fieldset>
          <legend>Choose</legend>
          <input type="radio" id="choice" name="choice" />
          <label htmlFor="choice">Yes</label>
        </fieldset>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Select an option' }));
    expect(document.activeElement).toBe(document.getElementById('choice'));
    expect(scrolled).toEqual([screen.getByText('Choose')]);
  });

  it('calls an item onClick, which can take over from the focusing', () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <>
        <ErrorSummary
          titleText="There is a problem"
          errorList={[{ text: 'Enter your name', href: '#name', onClick }]}
        />
        <label htmlFor="name">Name</label>
        <input id="name" />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Enter your name' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(document.activeElement).not.toBe(document.getElementById('name'));
    expect(scrolled).toEqual([]);
  });
});
