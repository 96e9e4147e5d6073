import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePreviousPath } from './navigation-effects.ts';

describe('usePreviousPath', () => {
  it('follows pushes, going back and replacements', () => {
    let navigate: NavigateFunction = () => undefined;
    let previous: string | undefined;
    function Probe() {
      navigate = useNavigate();
      previous = usePreviousPath();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(previous).toBeUndefined();
    act(() => void navigate('/your-contact-details'));
    expect(previous).toBe('/');
    act(() => void navigate('/sponsor-details?x=1'));
    expect(previous).toBe('/your-contact-details');
    act(() => void navigate(-1));
    expect(previous).toBe('/');
    // A replaced entry takes the place of the current one: the previous page stays the same.
    act(() => void navigate('/what-would-you-like-to-do', { replace: true }));
    expect(previous).toBe('/');
    act(() => void navigate(-1));
    expect(previous).toBeUndefined();
  });
});
