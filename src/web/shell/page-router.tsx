// The app's router (decision 040): React Router's own <Router>, over the browser's history, that
// shows an address only once the server has answered for it. Every move inside the service (a
// link, Back and Forward, a redirect) asks the server for the page's answer as JSON, and a form is
// sent to its page's address the same way; the page is then drawn from that answer alone, as the
// server would draw it without JavaScript. Until the answer comes the page on screen stays. When
// there is no answer to be had (the network, an older build, a page the server answers only as
// HTML), the address is loaded whole instead, as a browser without the app would load it.
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  createPath,
  Router,
  UNSAFE_createBrowserHistory,
  type Location,
  type NavigationType,
  type Navigator,
  type To,
} from 'react-router';
import type { PageAnswer, PageData } from '#shared/pages/page-data.ts';
import { FORM_STATE_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { fetchPageAnswer } from '../page-kit/page-data.ts';
import { PageDataContext } from '../page-kit/page-data-context.ts';
import { ShowAnswerContext, type ShowAnswer } from '../page-kit/show-answer.ts';

interface Shown {
  readonly action: NavigationType;
  readonly location: Location;
  readonly data: PageData;
}

/**
 * Keeps the spec's session-storage copy of the answers (`state`) as the server last answered them,
 * so the tab holds what its page shows. Never read back as answers: the server's are the answers.
 */
function keepCopy(data: PageData): void {
  try {
    if (data.session.formState === null) sessionStorage.removeItem(FORM_STATE_STORAGE_KEY);
    else sessionStorage.setItem(FORM_STATE_STORAGE_KEY, data.session.formState);
  } catch {
    // Storage refused (some private modes): the server keeps the answers all the same.
  }
}

/** A location's address as the server answers for it: its path and query, without a fragment. */
const addressOf = ({ pathname, search }: Pick<Location, 'pathname' | 'search'>) => `${pathname}${search}`;

/** Marks the page as moving: waiting for the server's answer, then for the new page to be drawn (the browser tests wait for it to end). */
function waiting(on: boolean): void {
  document.documentElement.toggleAttribute(LOADING_ATTRIBUTE, on);
}

/** The attribute on `<html>` while a move is under way. */
const LOADING_ATTRIBUTE = 'data-page-loading';

/** The app's router: pages drawn from the server's answers, starting with `data`, the answer for the address loaded. */
export function PageRouter({ data, children }: { data: PageData; children: ReactNode }) {
  const [history] = useState(() => UNSAFE_createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<Shown>(() => ({ action: history.action, location: history.location, data }));
  // The answer for the address the history is about to go to, taken by the move that goes there.
  const primed = useRef<PageAnswer | undefined>(undefined);
  // Only the latest move is shown: an answer for one the user has since left behind is dropped.
  const latest = useRef(0);
  // The page on screen's address (path and query), which a link within it (#main-content) keeps.
  const onScreen = useRef(addressOf(history.location));

  // A page is shown in a transition: React keeps the page before on screen while the new one's
  // code loads, so the move is over once the new page is drawn (the effect below), not when asked.
  const show = useCallback((next: Shown) => {
    waiting(true);
    keepCopy(next.data);
    onScreen.current = addressOf(next.location);
    startTransition(() => setShown(next));
  }, []);

  /**
   * Asks the server for the page at `href` and, once it has answered, gives `arrive` the answer
   * (for the address it answers for: where it sends the browser, when elsewhere). Another site, or
   * a page the server answers only whole (a build deployed since), is loaded whole, as is the page
   * when no answer comes.
   */
  const visit = useCallback(
    (href: string, arrive: (answer: PageAnswer & { data: PageData }) => void, replaceWhole: boolean) => {
      const move = ++latest.current;
      waiting(true);
      fetchPageAnswer(href).then(
        (answer) => {
          if (move !== latest.current) return;
          if (answer.data?.build !== data.build) {
            if (replaceWhole) window.location.replace(answer.location);
            else window.location.assign(answer.location);
            return;
          }
          arrive({ location: answer.location, data: answer.data });
        },
        () => {
          if (move === latest.current) window.location.assign(href);
        },
      );
    },
    [data.build],
  );

  // The page the tab loaded: its copy too.
  useEffect(() => keepCopy(data), [data]);
  useLayoutEffect(() => waiting(false), [shown]);

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const href = createPath(location);
        // A link within the page (the skip link) moves nowhere: the page stays as it is.
        if (action === 'POP' && addressOf(location) === onScreen.current) return;
        const answered = primed.current;
        primed.current = undefined;
        if (answered?.location === href && answered.data !== undefined) {
          show({ action, location, data: answered.data });
          return;
        }
        // The browser's own move (Back, Forward): the address has changed already; the page
        // follows once the server has answered for it, replacing the address where it leads on.
        visit(
          href,
          (answer) => {
            if (answer.location === href) return show({ action, location, data: answer.data });
            primed.current = answer;
            history.replace(answer.location);
          },
          true,
        );
      }),
    [history, show, visit],
  );

  // The app's own moves (links, redirects) change the address once the server has answered.
  const navigator = useMemo<Navigator>(() => {
    const move = (change: 'push' | 'replace', to: To, state: unknown) =>
      visit(
        history.createHref(to),
        (answer) => {
          primed.current = answer;
          history[change](answer.location, state);
        },
        change === 'replace',
      );
    return {
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: (to, state) => move('push', to, state),
      replace: (to, state) => move('replace', to, state),
    };
  }, [history, visit]);

  const showAnswer = useCallback<ShowAnswer>(
    (answer) => {
      ++latest.current;
      if (answer.data?.build !== data.build) {
        window.location.assign(answer.location);
        return undefined;
      }
      if (answer.location === addressOf(history.location)) {
        // The same page again (its errors, a notice): drawn from the answer where it stands.
        show({ action: history.action, location: history.location, data: answer.data });
        return answer.data;
      }
      primed.current = answer;
      history.push(answer.location);
      return undefined;
    },
    [history, show, data.build],
  );

  return (
    <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
      <ShowAnswerContext.Provider value={showAnswer}>
        <PageDataContext.Provider value={shown.data}>{children}</PageDataContext.Provider>
      </ShowAnswerContext.Provider>
    </Router>
  );
}
