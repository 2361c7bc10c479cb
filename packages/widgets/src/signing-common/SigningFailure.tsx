import { errorTextOf } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { useLang } from '../documents-common/lang';
import { errorLine } from './signing.css';
import { signingT } from './texts';

/** A signing failure in the user's language, with a link to the help page's explanation when the page has one. */
export function SigningFailure({ error, helpHref }: { error: unknown; helpHref?: string }): JSX.Element {
  const lang = useLang();
  return (
    <p role="alert" className={errorLine}>
      {errorTextOf(error, lang)}
      {helpHref ? (
        <>
          {' '}
          <a href={helpHref}>{signingT(lang)('errorHelp')}</a>
        </>
      ) : null}
    </p>
  );
}
