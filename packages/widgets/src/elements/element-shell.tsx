import { useStore } from '@nanostores/react';
import { DEFAULT_LANG, type Lang, normalizeLang } from '@qoltanba/core';
import { type JSX, useEffect, useMemo, useRef, useState } from 'react';
import { LangContext } from '../documents-common/lang';
import type { ElementContext, ElementDefinition } from './element-definition';
import { elementRoot, loadingLine } from './element-shell.css';
import { dispatchQoltanbaEvent, type QoltanbaEventDetails } from './events';
import { $loadedLangs, loadLanguage } from './runtime/languages';

// Shown while the texts of a language load: the texts themselves are what is missing, so these few words live here.
const LOADING: Record<Lang, string> = { kk: 'Жүктелуде…', ru: 'Загрузка…', en: 'Loading…' };
/** What a `qoltanba-error` (NETWORK_ERROR) says when an element's texts or code did not arrive. */
export const LOAD_FAILED: Readonly<Record<Lang, string>> = {
  kk: 'Жүктелмеді. Байланысты тексеріңіз',
  ru: 'Не удалось загрузить. Проверьте соединение',
  en: 'Could not load. Check the connection',
};

/** A product event as the shell fires it, for a listener besides the DOM's (the React build's callbacks). */
export type ElementEventListener = <Type extends keyof QoltanbaEventDetails>(
  type: Type,
  detail: QoltanbaEventDetails[Type],
) => void;

interface ElementShellProps {
  definition: ElementDefinition;
  /** The element whose shadow root the shell renders in: events are dispatched from it. */
  host: HTMLElement;
  attributes: Record<string, unknown>;
  /** Hears every event after its DOM dispatch. */
  onEvent?: ElementEventListener;
}

/**
 * What every element shares: the language from its `lang` attribute (texts loaded before the content renders,
 * and again when it changes), the language fixed for its widgets, `qoltanba-ready` once, and the `root` part.
 */
export function ElementShell({ definition, host, attributes, onEvent }: ElementShellProps): JSX.Element {
  const lang =
    normalizeLang(typeof attributes.lang === 'string' ? attributes.lang : undefined) ?? DEFAULT_LANG;
  const loaded = useStore($loadedLangs);
  const needsTexts = definition.needsTexts !== false;
  // The language last shown, kept on screen while another one loads.
  const [shown, setShown] = useState<Lang | undefined>(needsTexts ? undefined : lang);
  const readyFired = useRef(false);
  // The latest listener, read when an event fires: the context stays the same while it changes.
  const listener = useRef(onEvent);
  listener.current = onEvent;
  const fire = useMemo<ElementEventListener>(
    () => (type, detail) => {
      dispatchQoltanbaEvent(host, type, detail);
      listener.current?.(type, detail);
    },
    [host],
  );

  useEffect(() => {
    if (!needsTexts) return setShown(lang);
    let current = true;
    loadLanguage(lang).then(
      () => {
        if (current) setShown(lang);
      },
      () => fire('qoltanba-error', { code: 'NETWORK_ERROR', message: LOAD_FAILED[lang] }),
    );
    return () => {
      current = false;
    };
  }, [lang, fire, needsTexts]);

  const active = shown && (!needsTexts || loaded.includes(shown)) ? shown : undefined;
  const context = useMemo<ElementContext | undefined>(
    () =>
      active
        ? {
            host,
            lang: active,
            emit: fire,
            ready: () => {
              if (readyFired.current) return;
              readyFired.current = true;
              fire('qoltanba-ready', { lang: active });
            },
          }
        : undefined,
    [active, host, fire],
  );

  if (!context) {
    return (
      <div className={elementRoot} part="root loading" role="status" aria-busy="true">
        <span className={loadingLine}>{LOADING[lang]}</span>
      </div>
    );
  }
  const Component = definition.component;
  return (
    <LangContext.Provider value={context.lang}>
      <div className={elementRoot} part="root" lang={context.lang}>
        <Component {...attributes} element={context} />
      </div>
    </LangContext.Provider>
  );
}
