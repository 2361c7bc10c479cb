import { mdiAlertCircleOutline, mdiLoading } from '@mdi/js';
import { errorTextOf } from '@qoltanba/sdk';
import type { JSX, ReactNode } from 'react';
import { Icon } from '../icon';
import { button, spinner, stateBox, stateError } from './common.css';
import { useLang } from './lang';
import { documentsT } from './texts';

/** Props of {@link StateView}. */
export type StateViewProps =
  | { kind: 'loading'; label?: string }
  | { kind: 'empty'; children: ReactNode }
  | {
      kind: 'error';
      /** A caught failure (its text with the values the server sent) or a catalogue code. */
      error: unknown;
      onRetry?: () => void;
      children?: ReactNode;
    };

/**
 * What a widget shows instead of its content: loading (a polite status), empty (a message), or an error (an
 * alert in the user's language, with "Try again" when `onRetry` is given and extra content such as a link).
 */
export function StateView(props: StateViewProps): JSX.Element {
  const lang = useLang();
  const t = documentsT(lang);
  if (props.kind === 'loading') {
    return (
      <div role="status" className={stateBox}>
        <Icon path={mdiLoading} className={spinner} size={28} />
        <span>{props.label ?? t('loading')}</span>
      </div>
    );
  }
  if (props.kind === 'empty') return <div className={stateBox}>{props.children}</div>;
  return (
    <div className={`${stateBox} ${stateError}`}>
      <Icon path={mdiAlertCircleOutline} size={28} />
      <span role="alert">{errorTextOf(props.error, lang)}</span>
      {props.children}
      {props.onRetry ? (
        <button type="button" className={button.secondary} onClick={props.onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
