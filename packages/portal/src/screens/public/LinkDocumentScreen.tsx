import type { ErrorCode } from '@qoltanba/core';
import { errorCodeOf } from '@qoltanba/sdk';
import { DocumentCard } from '@qoltanba/widgets';
import { type JSX, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { usePortalT } from '../../i18n';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

type LinkState<V> = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'loaded'; view: V };

/** Props of {@link LinkDocumentScreen}. */
export interface LinkDocumentScreenProps<V> {
  /** The route (its title and lead text). */
  route: 'SigningLink' | 'ApprovalLink';
  /** Loads the link's view by its token. */
  load(token: string): Promise<V>;
  /** The code of an unknown or expired link: "Try again" is not offered for it. */
  notFound: ErrorCode;
  /** The loaded view; `onView` replaces it (after an action answered the next one). */
  children(token: string, view: V, onView: (next: V) => void): ReactNode;
}

/**
 * The frame of a personal link's page (`/sign/:token`, `/approve/:token`): loads the link's view by the token of
 * the path, shows the document card loading or the failure (with "Try again" unless the link is unknown), then
 * what `children` makes of the view.
 */
export function LinkDocumentScreen<V>({
  route,
  load,
  notFound,
  children,
}: LinkDocumentScreenProps<V>): JSX.Element {
  const { token = '' } = useParams();
  const { t } = usePortalT();
  const [state, setState] = useState<LinkState<V>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const onView = useMemo(() => (view: V) => setState({ kind: 'loaded', view }), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: "Try again" asks again through `attempt`
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    load(token).then(
      (view) => {
        if (live) setState({ kind: 'loaded', view });
      },
      (error: unknown) => {
        if (live) setState({ kind: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt, load]);

  return (
    <section className={css.screen} data-route={route}>
      <ScreenHeading>{t(`titles.${route}`)}</ScreenHeading>
      {state.kind === 'loaded' ? (
        children(token, state.view, onView)
      ) : (
        <>
          <p className={css.lead}>{t(`texts.${route}`)}</p>
          <DocumentCard
            loading={state.kind === 'loading'}
            error={state.kind === 'failed' ? state.error : undefined}
            onRetry={
              state.kind === 'failed' && errorCodeOf(state.error) !== notFound
                ? () => setAttempt((n) => n + 1)
                : undefined
            }
          />
        </>
      )}
    </section>
  );
}
