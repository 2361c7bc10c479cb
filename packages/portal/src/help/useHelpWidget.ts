import { $locale, $supportIdentity } from '@qoltanba/sdk';
import { useEffect } from 'react';
import { ensureHelpQueue, helpCommand, injectHelpWidgetScript } from './helpWidget';

/**
 * Mounts the floating help widget on the page (the app shell calls it once): the queue stub first, then the script
 * tag; the widget follows the portal's language (`setLanguage`), and the signed-in user's support identity token
 * (`identify`, renewed by the sdk's `$supportIdentity` before it expires; `identify(null)` after logout).
 */
export function useHelpWidget(): void {
  useEffect(() => {
    ensureHelpQueue();
    injectHelpWidgetScript($locale.get());
    const stopLang = $locale.subscribe((lang) => helpCommand('setLanguage', lang));
    let identified = false;
    const stopIdentity = $supportIdentity.subscribe(({ token }) => {
      if (token) helpCommand('identify', token);
      else if (identified) helpCommand('identify', null);
      identified = token !== null;
    });
    return () => {
      stopLang();
      stopIdentity();
    };
  }, []);
}
