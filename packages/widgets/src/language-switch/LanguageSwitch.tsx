import { useStore } from '@nanostores/react';
import { LANGS, type Lang, normalizeLang } from '@qoltanba/core';
import { $locale, getT, setLocale } from '@qoltanba/sdk';
import { type JSX, type KeyboardEvent, useEffect } from 'react';
import { group, option } from './LanguageSwitch.css';

/** Props of {@link LanguageSwitch}; the custom element exposes `locale` and `compact` as attributes. */
export interface LanguageSwitchProps {
  /** Forces the shared locale to this language when it is set or changes (kk, ru, en; kz means kk). */
  locale?: Lang | string;
  /** Short labels (ҚАЗ, РУС, ENG) for narrow headers. */
  compact?: boolean;
  /** Called when the user picks another language (not when `locale` or other code changes it). */
  onLanguageChange?: (lang: Lang) => void;
  className?: string;
}

const NAV_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

// Arrow keys, Home and End move focus inside the group, as in a toolbar; Tab still reaches every button.
function moveFocus(event: KeyboardEvent<HTMLFieldSetElement>): void {
  const next = NAV_KEYS[event.key];
  const target = event.target;
  if (!next || !(target instanceof HTMLButtonElement)) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll('button'));
  const index = buttons.indexOf(target);
  if (index < 0) return;
  event.preventDefault();
  buttons[next(index, buttons.length)]?.focus();
}

/**
 * Toggle-button group (a fieldset) that switches the interface language (`$locale`) at once. Each language is named
 * in itself; the group's label is in the current language.
 *
 * @example <LanguageSwitch onLanguageChange={(lang) => track(lang)} />
 */
export function LanguageSwitch({
  locale,
  compact,
  onLanguageChange,
  className,
}: LanguageSwitchProps): JSX.Element {
  const current = useStore($locale);
  const t = getT('common', current);
  const forced = normalizeLang(locale);

  useEffect(() => {
    if (forced && forced !== $locale.get()) setLocale(forced);
  }, [forced]);

  const choose = (lang: Lang): void => {
    if (lang === current) return;
    setLocale(lang);
    onLanguageChange?.(lang);
  };

  return (
    <fieldset
      aria-label={t('chooseLanguage')}
      className={className ? `${group} ${className}` : group}
      onKeyDown={moveFocus}
    >
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={option}
          aria-pressed={lang === current}
          aria-label={compact ? t(`languageName.${lang}`) : undefined}
          onClick={() => choose(lang)}
        >
          {t(compact ? `languageShort.${lang}` : `languageName.${lang}`)}
        </button>
      ))}
    </fieldset>
  );
}
