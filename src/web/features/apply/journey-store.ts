// The form state of the journey for the whole visit: one store, read by every page of the
// journey, saved to session storage after each change and restored when the app loads.
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { parseSavedFormState, serialiseFormState, type FormState } from '#shared/journey/form-state.ts';
import { FORM_STATE_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { journeyReducer, type JourneyAction, type Transition } from '#shared/journey/reducer.ts';
import { EXIT_URL } from '#shared/journey/paths.ts';
import type { PageSession } from '#shared/pages/page-renderer.ts';
import type { SubmissionOutcome } from '#shared/journey/submission.ts';
import { hasUnsentAnswers } from '#shared/pages/unsent-answers.ts';
import { setLeaveWarning } from '../../app/leave-warning.ts';
import { useServerRender } from '../../app/server-render.ts';

function readSaved(): FormState {
  try {
    return parseSavedFormState(sessionStorage.getItem(FORM_STATE_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (private modes): the answers then last for this page only.
    return parseSavedFormState(null);
  }
}

let state: FormState = readSaved();
const listeners = new Set<() => void>();

function save(next: FormState): void {
  state = next;
  const saved = serialiseFormState(next);
  try {
    sessionStorage.setItem(FORM_STATE_STORAGE_KEY, saved);
  } catch {
    // As above: kept in memory only.
  }
  setLeaveWarning(hasUnsentAnswers(saved));
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current form state. */
export function getJourneyState(): FormState {
  return state;
}

// On the server, the state is what the browser's session keeps there, read once per render.
const serverStates = new WeakMap<PageSession, FormState>();
function serverState(session: PageSession): FormState {
  let parsed = serverStates.get(session);
  if (parsed === undefined) serverStates.set(session, (parsed = parseSavedFormState(session.formState)));
  return parsed;
}

/**
 * The form state; a dispatch that runs an action at the current time, saves the result and goes
 * where it says; and `follow`, which saves a state worked out elsewhere (sending.ts) and goes to `goTo`.
 */
export function useJourney(): {
  state: FormState;
  dispatch: (action: JourneyAction) => FormState;
  follow: (transition: Transition) => FormState;
} {
  // The server renders every request with this one module, whose state is no request's: there the
  // snapshot is the session the render is of (in the browser there is none).
  const session = useServerRender()?.session;
  const current = useSyncExternalStore(
    subscribe,
    getJourneyState,
    session === undefined ? getJourneyState : () => serverState(session),
  );
  const navigate = useNavigate();
  const follow = useCallback(
    ({ state: next, goTo }: Transition) => {
      save(next);
      if (goTo === EXIT_URL) window.location.assign(EXIT_URL);
      else if (goTo !== undefined) void navigate(goTo);
      return getJourneyState();
    },
    [navigate],
  );
  const dispatch = useCallback(
    (action: JourneyAction) => follow(journeyReducer(getJourneyState(), action, new Date())),
    [follow],
  );
  return { state: current, dispatch, follow };
}

/** What the server's answer to a journey form (sent without JavaScript) tells the page it renders. */
export interface JourneyAnswer {
  /** The name of the group member just deleted, or null. */
  readonly deleted: string | null;
  /** Send was pressed on a page showing other answers than those kept: nothing was sent. */
  readonly answersChanged: boolean;
  /** Sending did not store the applications: why. */
  readonly submission: SubmissionOutcome | undefined;
}

const NO_ANSWER: JourneyAnswer = { deleted: null, answersChanged: false, submission: undefined };

/**
 * The server's answer the page shows, read here so that the pages need not tell a server render
 * from the browser's: in the browser, which sends its forms itself, there is none (a page showing
 * one is rendered afresh rather than hydrated: page-data.ts).
 */
export function useJourneyAnswer(): JourneyAnswer {
  const serverRender = useServerRender();
  if (serverRender === undefined) return NO_ANSWER;
  const { session, outcome } = serverRender;
  return {
    deleted: session.notice,
    answersChanged: outcome.notice === 'answersChanged',
    submission: outcome.submission,
  };
}
