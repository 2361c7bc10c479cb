import type { Counterparty, CounterpartyInput } from '@qoltanba/core';
import { $counterparties, isApiError, lookupRegistry, showSnackbar } from '@qoltanba/sdk';
import { CounterpartyForm, CounterpartyList, type RegisterNames } from '@qoltanba/widgets';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
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
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
    <section className={`${css.panel} ${css.narrowPanel}`} aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1} className={docs.panelTitle}>
        {t(editing.kind === 'edit' ? 'docs.counterparties.edit' : 'docs.counterparties.add')}
      </h2>
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
  const remove = async (counterparty: Counterparty) => {
    await $counterparties.remove(counterparty.id);
    showSnackbar({
      message: t('docs.counterparties.removed', { name: counterparty.nameRu }),
      kind: 'success',
    });
  };
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.Counterparty}>
      <ScreenHeading>{t('titles.Counterparty')}</ScreenHeading>
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
