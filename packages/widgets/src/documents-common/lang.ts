import { useStore } from '@nanostores/react';
import type { Lang } from '@qoltanba/core';
import { $locale } from '@qoltanba/sdk';
import { createContext, useContext } from 'react';

/**
 * A language fixed for a subtree: custom elements set their `lang` attribute's language here, so two elements on a
 * host page can show different languages and neither touches the host's `<html lang>` or cookies.
 */
export const LangContext = createContext<Lang | undefined>(undefined);

/** The language a widget renders in: the nearest {@link LangContext}, else the sdk's `$locale`. */
export function useLang(): Lang {
  const fixed = useContext(LangContext);
  const current = useStore($locale);
  return fixed ?? current;
}
