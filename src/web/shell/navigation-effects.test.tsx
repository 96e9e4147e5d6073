import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { focusNewPage, useFocusOnArrival, usePreviousPath } from './navigation-effects.ts';

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

describe('focusNewPage', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('focuses the h1 of main, as a target that leaves no tab stop behind', () => {
    document.body.innerHTML =
      '<main><h1>Your name</h1><button>Continue</button></main><footer><a href="/cookies">Cookies</a></footer>';
    document.querySelector<HTMLElement>('footer a')!.focus();
    focusNewPage();
    const heading = document.querySelector('h1')!;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    document.querySelector<HTMLElement>('main button')!.focus();
    expect(heading.hasAttribute('tabindex')).toBe(false);
  });

  it('leaves the focus on an error summary or success banner the page focused itself', () => {
    document.body.innerHTML =
      '<main><div class="govuk-error-summary" tabindex="-1"><h2>There was an issue</h2></div><h1>Your name</h1></main>';
    const summary = document.querySelector<HTMLElement>('.govuk-error-summary')!;
    summary.focus();
    focusNewPage();
    expect(document.activeElement).toBe(summary);

    document.body.innerHTML =
      '<main><div class="govuk-notification-banner" role="alert" tabindex="-1"><p>Deleted</p></div><h1>Group</h1></main>';
    const banner = document.querySelector<HTMLElement>('.govuk-notification-banner')!;
    banner.focus();
    focusNewPage();
    expect(document.activeElement).toBe(banner);
  });

  it('focuses main until a heading drawn later appears, unless the user has moved on', async () => {
    document.body.innerHTML = '<main><p>Loading</p></main><footer><a href="/">Home</a></footer>';
    const main = document.querySelector('main')!;
    focusNewPage();
    expect(document.activeElement).toBe(main);
    main.insertAdjacentHTML('beforeend', '<h1>Status</h1>');
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.activeElement).toBe(main.querySelector('h1'));

    document.body.innerHTML = '<main><p>Loading</p></main><footer><a href="/">Home</a></footer>';
    const stop = focusNewPage();
    document.querySelector<HTMLElement>('footer a')!.focus();
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<h1>Status</h1>');
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.activeElement).toBe(document.querySelector('footer a'));
    stop();
  });
});

describe('useFocusOnArrival', () => {
  it('moves focus to the new page heading after a navigation, not on the first load', () => {
    let navigate: NavigateFunction = () => undefined;
    function Page() {
      const { pathname } = useLocation();
      navigate = useNavigate();
      return (
        <main>
          <h1>{pathname}</h1>
          <button>Continue</button>
        </main>
      );
    }
    function Arrival({ firstKey }: { firstKey: string }) {
      useFocusOnArrival(firstKey);
      return null;
    }
    function Probe() {
      const { key } = useLocation();
      const [firstKey] = useState(key);
      return (
        <>
          <Page />
          <Arrival firstKey={firstKey} />
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
    act(() => void navigate('/sponsor-details'));
    expect(document.activeElement?.textContent).toBe('/sponsor-details');
  });
});
