import { useStore } from '@nanostores/react';
import { DEFAULT_LANG, type Lang, normalizeLang } from '@qoltanba/core';
import { type JSX, useEffect, useMemo, useRef, useState } from 'react';
import { LangContext } from '../documents-common/lang';
import type { ElementContext, ElementDefinition } from './define-element';
import { elementRoot, loadingLine } from './element-shell.css';
import { dispatchQoltanbaEvent } from './events';
import { $loadedLangs, loadLanguage } from './runtime/languages';

// Shown while the texts of a language load: the texts themselves are what is missing, so these few words live here.
const LOADING: Record<Lang, string> = { kk: 'Жүктелуде…', ru: 'Загрузка…', en: 'Loading…' };
const TEXTS_FAILED: Record<Lang, string> = {
  kk: 'Мәтіндер жүктелмеді. Байланысты тексеріңіз',
  ru: 'Не удалось загрузить тексты. Проверьте соединение',
  en: 'The texts could not be loaded. Check the connection',
};

interface ElementShellProps {
  definition: ElementDefinition;
  container: HTMLElement | ShadowRoot | undefined;
  attributes: Record<string, unknown>;
}

/**
 * What every element shares: the language from its `lang` attribute (texts loaded before the content renders,
 * and again when it changes), the language fixed for its widgets, `qoltanba-ready` once, and the `root` part.
 */
export function ElementShell({ definition, container, attributes }: ElementShellProps): JSX.Element {
  const host = (container instanceof ShadowRoot ? container.host : container) as HTMLElement;
  const lang =
    normalizeLang(typeof attributes.lang === 'string' ? attributes.lang : undefined) ?? DEFAULT_LANG;
  const loaded = useStore($loadedLangs);
  const needsTexts = definition.needsTexts !== false;
  // The language last shown, kept on screen while another one loads.
  const [shown, setShown] = useState<Lang | undefined>(needsTexts ? undefined : lang);
  const readyFired = useRef(false);

  useEffect(() => {
    if (!needsTexts) return setShown(lang);
    let current = true;
    loadLanguage(lang).then(
      () => {
        if (current) setShown(lang);
      },
      () =>
        dispatchQoltanbaEvent(host, 'qoltanba-error', {
          code: 'NETWORK_ERROR',
          message: TEXTS_FAILED[lang],
        }),
    );
    return () => {
      current = false;
    };
  }, [lang, host, needsTexts]);

  const active = shown && (!needsTexts || loaded.includes(shown)) ? shown : undefined;
  const context = useMemo<ElementContext | undefined>(
    () =>
      active
        ? {
            host,
            lang: active,
            emit: (type, detail) => dispatchQoltanbaEvent(host, type, detail),
            ready: () => {
              if (readyFired.current) return;
              readyFired.current = true;
              dispatchQoltanbaEvent(host, 'qoltanba-ready', { lang: active });
            },
          }
        : undefined,
    [active, host],
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
