import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { describeFixtures } from '../govuk-fixtures.ts';
import { Details } from './details.tsx';

describeFixtures('details', Details);

describe('Details in React', () => {
  afterEach(cleanup);

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
