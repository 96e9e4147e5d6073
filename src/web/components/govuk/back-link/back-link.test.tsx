import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { BackLink } from './back-link.tsx';

describeFixtures('back-link', BackLink);

describe('BackLink in React', () => {
  it('lets the page handle the click', () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(<BackLink href="/previous" onClick={onClick} />);
    fireEvent.click(screen.getByText('Back'));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
