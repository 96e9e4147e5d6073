import i18next, { type i18n } from 'i18next';
import { currentLanguage } from './i18n.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { createContext, createElement, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';

/** Looks a key up in the current language; `options` holds interpolation values. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

// The app's own i18next instance unless a test provides another one.
const InstanceContext = createContext<i18n>(i18next);

/** Gives the components below an i18next instance of their own (used by tests). */
export function TranslationProvider({ instance, children }: { instance: i18n; children: ReactNode }) {
  return createElement(InstanceContext.Provider, { value: instance }, children);
}

// Components re-render when the language changes or texts arrive (a page's own texts, Arabic):
// one listener per instance counts the changes, and each component subscribes to the count.
interface Changes {
  revision: number;
  listeners: Set<() => void>;
  /** The texts looked up without values since the last change: a page asks for many, some often. */
  texts: Map<string, string>;
}
const changesByInstance = new WeakMap<i18n, Changes>();

function changesOf(instance: i18n): Changes {
  let changes = changesByInstance.get(instance);
  if (!changes) {
    const created: Changes = { revision: 0, listeners: new Set(), texts: new Map() };
    const bump = () => {
      created.revision += 1;
      created.texts = new Map();
      for (const listener of created.listeners) listener();
    };
    instance.on('languageChanged', bump);
    instance.store.on('added', bump);
    changesByInstance.set(instance, created);
    changes = created;
  }
  return changes;
}

/**
 * A key's text in the current language when it is plain (no value to put in, no other key to
 * nest), which is what i18next's `t` would return for it: read from the store, without the
 * resolution `t` goes through for every key (a seventh of a page's hydration). Anything
 * else, a key missing in this language included, is left to `t` and its fallback.
 */
function plainText(instance: i18n, key: string): string | undefined {
  const text: unknown = instance.getResource(instance.language, 'translation', key);
  return typeof text === 'string' && !text.includes('{{') && !text.includes('$t(') ? text : undefined;
}

/**
 * The translation function for the current language (the one part of react-i18next this
 * service needs, without its weight on the first load: see docs/decisions/004).
 */
export function useTranslation(): { t: Translate; i18n: i18n; language: Language } {
  const instance = useContext(InstanceContext);
  const changes = changesOf(instance);
  const revisionOf = () => changes.revision;
  const revision = useSyncExternalStore(
    useCallback(
      (onChange: () => void) => {
        changes.listeners.add(onChange);
        return () => changes.listeners.delete(onChange);
      },
      [changes],
    ),
    revisionOf,
    revisionOf,
  );
  // A new function per revision, so effects that depend on `t` run again after a change.
  const t = useCallback<Translate>(
    (key, options) => {
      if (options !== undefined) return instance.t(key, options) as string;
      let text = changes.texts.get(key);
      if (text === undefined) {
        text = plainText(instance, key) ?? (instance.t(key) as string);
        changes.texts.set(key, text);
      }
      return text;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [instance, changes, revision],
  );
  return { t, i18n: instance, language: currentLanguage(instance) };
}
