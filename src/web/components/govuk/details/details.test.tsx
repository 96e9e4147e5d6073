import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Details } from './details.tsx';

describeFixtures('details', Details);

describe('Details in React', () => {
  it('renders children in place of the Nunjucks caller block', () => {
    render(
      <Details summaryText="More" text="ignored">
        <p>From children</p>
      </Details>,
    );
    expect(screen.getByText('From children')).toBeTruthy();
    expect(screen.queryByText('ignored')).toBeNull();
  });
});
