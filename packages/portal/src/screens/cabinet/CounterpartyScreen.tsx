import type { Counterparty, CounterpartyInput } from '@qoltanba/core';
import { $counterparties, isApiError, lookupRegistry, showSnackbar } from '@qoltanba/sdk';
import { CounterpartyForm, CounterpartyList, type RegisterNames } from '@qoltanba/widgets';
import { type JSX, useEffect, useRef, useState } from 'react';
import { useSdkStore } from '../../app/useSdkStore';
import { IDENTITY_TEST_MODE } from '../../boot/portalEnv';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import * as docs from './documents/documents.css';

/** The register's names of a BIN/IIN for the form, or null when the register does not know it. */
async function lookupNames(identityNumber: string): Promise<RegisterNames | null> {
  try {
    const entry = await lookupRegistry(identityNumber);
    return { nameRu: entry.shortNameRu ?? entry.nameRu, nameKk: entry.shortNameKk ?? entry.nameKk };
  } catch (error) {
    if (isApiError(error) && error.code === 'IIN_NOT_IN_REGISTER') return null;
    throw error;
  }
}

/** What the form panel is doing: adding, or editing one entry. */
type Editing = { kind: 'add' } | { kind: 'edit'; counterparty: Counterparty };

function FormPanel({ editing, onDone }: { editing: Editing; onDone: () => void }): JSX.Element {
  const { t } = usePortalT();
  const panel = useRef<HTMLElement>(null);
  // The form opens above the list: take the user (and the keyboard) to its first field.
  useEffect(() => panel.current?.querySelector<HTMLInputElement>('input')?.focus(), []);
  const submit = async (input: CounterpartyInput) => {
    if (editing.kind === 'edit') {
      const saved = await $counterparties.update(editing.counterparty.id, input);
      showSnackbar({ message: t('docs.counterparties.updated', { name: saved.nameRu }), kind: 'success' });
    } else {
      const added = await $counterparties.create(input);
      showSnackbar({ message: t('docs.counterparties.added', { name: added.nameRu }), kind: 'success' });
    }
    onDone();
  };
  return (
    <section ref={panel} className={`${css.panel} ${css.narrowPanel}`}>
      <CounterpartyForm
        className={docs.wide}
        {...(editing.kind === 'edit' ? { initial: editing.counterparty } : {})}
        onSubmit={submit}
        onCancel={onDone}
        onLookup={lookupNames}
        testMode={IDENTITY_TEST_MODE}
      />
    </section>
  );
}

/**
 * Counterparties (`/cabinet/counterparty`): the widgets' CounterpartyList on the sdk's counterparty store;
 * add and edit with CounterpartyForm (BIN/IIN looked up in the state register), delete after confirming.
 */
export default function CounterpartyScreen(): JSX.Element {
  const { t } = usePortalT();
  const state = useSdkStore($counterparties);
  const [editing, setEditing] = useState<Editing>();
  // The list confirms a delete and announces it itself.
  const remove = (counterparty: Counterparty) => $counterparties.remove(counterparty.id);
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.Counterparty}>
      <ScreenHeading visuallyHidden>{t('titles.Counterparty')}</ScreenHeading>
      {editing ? (
        <FormPanel
          key={editing.kind === 'edit' ? editing.counterparty.id : 'add'}
          editing={editing}
          onDone={() => setEditing(undefined)}
        />
      ) : null}
      <CounterpartyList
        className={docs.wide}
        counterparties={state.items}
        loading={state.status === 'loading' || state.status === 'idle'}
        error={state.status === 'failed' ? state.error : undefined}
        onRetry={() => void $counterparties.reload()}
        onAdd={() => setEditing({ kind: 'add' })}
        onEdit={(counterparty) => setEditing({ kind: 'edit', counterparty })}
        onDelete={remove}
      />
    </section>
  );
}
