// The app's router (decision 040): React Router's own <Router>, over the browser's history, that
// shows an address only once the server has answered for it. Every move inside the service (a
// link, Back and Forward, a redirect) asks the server for the page's answer as JSON, and a form is
// sent to its page's address the same way; the page is then drawn from that answer alone, as the
// server would draw it without JavaScript. Until the answer comes the page on screen stays. When
// there is no answer to be had (the network, an older build, a page the server answers only as
// HTML), the address is loaded whole instead, as a browser without the app would load it.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPath, Router, UNSAFE_createBrowserHistory, type Location, type NavigationType } from 'react-router';
import type { PageAnswer, PageData } from '#shared/pages/page-data.ts';
import { FORM_STATE_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { fetchPageAnswer, PageDataContext } from './page-data.ts';

interface Shown {
  readonly action: NavigationType;
  readonly location: Location;
  readonly data: PageData;
}

/**
 * Shows the server's answer to a page's form: the page it leads to, or the same page drawn from
 * it (its errors), or another site. Resolves to the data when the same page shows it.
 */
type ShowAnswer = (answer: PageAnswer) => PageData | undefined;

const ShowAnswerContext = createContext<ShowAnswer>(() => undefined);

/** Shows the server's answer to a page's form the app sent (page-form.ts). */
export function useShowAnswer(): ShowAnswer {
  return useContext(ShowAnswerContext);
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

/** The app's router: pages drawn from the server's answers, starting with `data`, the answer for the address loaded. */
export function PageRouter({ data, children }: { data: PageData; children: ReactNode }) {
  const [history] = useState(() => UNSAFE_createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<Shown>(() => ({ action: history.action, location: history.location, data }));
  // The answer a form got, for the address it leads to: taken by the navigation that goes there.
  const primed = useRef<PageAnswer | undefined>(undefined);
  // Only the latest move is shown: an answer for one the user has since left behind is dropped.
  const latest = useRef(0);

  const show = useCallback((next: Shown) => {
    keepCopy(next.data);
    startTransition(() => setShown(next));
  }, []);

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const href = createPath(location);
        const move = ++latest.current;
        const answered = primed.current;
        primed.current = undefined;
        if (answered?.location === href && answered.data !== undefined) {
          show({ action, location, data: answered.data });
          return;
        }
        fetchPageAnswer(href).then(
          (answer) => {
            if (move !== latest.current) return;
            // Another site, or a page the server answers only whole (another build since): loaded whole.
            if (answer.data === undefined || answer.data.build !== data.build)
              return window.location.replace(answer.location);
            if (answer.location === href) return show({ action, location, data: answer.data });
            // The server sends the browser elsewhere (a link that leads on): the address is replaced.
            primed.current = answer;
            history.replace(answer.location);
          },
          () => {
            if (move === latest.current) window.location.reload();
          },
        );
      }),
    [history, show, data.build],
  );

  const showAnswer = useCallback<ShowAnswer>(
    (answer) => {
      // A form sent meanwhile, or a move since, leaves this answer behind.
      const move = ++latest.current;
      if (answer.data === undefined || answer.data.build !== data.build) {
        window.location.assign(answer.location);
        return undefined;
      }
      if (answer.location === createPath(history.location)) {
        // The same page again (its errors, a notice): drawn from the answer where it stands.
        show({ action: history.action, location: history.location, data: answer.data });
        return move === latest.current ? answer.data : undefined;
      }
      primed.current = answer;
      history.push(answer.location);
      return undefined;
    },
    [history, show, data.build],
  );

  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      <ShowAnswerContext.Provider value={showAnswer}>
        <PageDataContext.Provider value={shown.data}>{children}</PageDataContext.Provider>
      </ShowAnswerContext.Provider>
    </Router>
  );
}
