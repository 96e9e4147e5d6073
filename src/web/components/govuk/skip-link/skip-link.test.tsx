import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { SkipLink } from './skip-link.tsx';

describeFixtures('skip-link', SkipLink);

describe('SkipLink in React', () => {
  it('moves focus to the target, which is focusable only until it loses focus', () => {
    render(
      <>
        <SkipLink text="Skip to main content" href="#main-content" />
        <main id="main-content">Content</main>
      </>,
    );
    const main = screen.getByRole('main');
    fireEvent.click(screen.getByText('Skip to main content'));
    expect(document.activeElement).toBe(main);
    expect(main.getAttribute('tabindex')).toBe('-1');
    main.blur();
    expect(main.hasAttribute('tabindex')).toBe(false);
  });
});
