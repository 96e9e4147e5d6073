import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Header } from './header.tsx';

describeFixtures('header', Header);

describe('Header behaviour', () => {
  it('calls onHomepageUrlClick', () => {
    const onHomepageUrlClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(<Header homepageUrl="/" onHomepageUrlClick={onHomepageUrlClick} />);
    fireEvent.click(screen.getByRole('link'));
    expect(onHomepageUrlClick).toHaveBeenCalledOnce();
  });
});
