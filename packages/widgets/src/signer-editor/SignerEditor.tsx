import { mdiPlus } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { type Counterparty, DOCUMENT_MAX_SIGNERS, type SigningMethod } from '@qoltanba/core';
import { $locale } from '@qoltanba/sdk';
import { type JSX, useEffect, useId, useMemo, useRef, useState } from 'react';
import { button, muted, partyName, sectionHeading, widgetRoot } from '../documents-common';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import { CounterpartyPicker } from './CounterpartyPicker';
import { SignerCard } from './SignerCard';
import { layout, list } from './SignerEditor.css';
import {
  emptySigner,
  isBlankSigner,
  moveItem,
  type SignerDraft,
  type SignerField,
  type SignerProblems,
  signerDraftFromCounterparty,
  signerProblems,
} from './signer-model';
import { signerEditorT } from './texts';

/** Props of {@link SignerEditor}. */
export interface SignerEditorProps {
  /** The signers, in signing order (controlled). */
  signers: readonly SignerDraft[];
  onChange: (signers: SignerDraft[]) => void;
  /** SEQUENTIAL numbers the list and says the order matters. */
  signingMethod: SigningMethod;
  /** The acting company's BIN: naming it as a signer is SELF_AS_SIGNER. */
  actingBin: string;
  /** The address book the picker offers; no picker without it. */
  counterparties?: readonly Counterparty[];
  /** Accept the NCA TEST identity numbers (never in production). */
  testMode?: boolean;
  /** Show every problem, not only those of fields the user has left (set after a submit attempt). */
  showAllProblems?: boolean;
  disabled?: boolean;
  /** Heading level of the "Signers" heading (default 3). */
  headingLevel?: 2 | 3 | 4;
}

type FocusTarget = { key: string; target: 'up' | 'down' | 'remove' | 'identityNumber' } | { key: 'add' };

/**
 * The signers of a document: BIN/IIN (check digit by core), e-mail, names in Russian and Kazakh, an optional
 * approver; add, remove and reorder (buttons, so the keyboard can do it; focus follows the moved signer and
 * the move is announced); a counterparty combobox that fills a signer; SELF_AS_SIGNER and SIGNER_DUPLICATE
 * inline (core's signerRuleViolation).
 *
 * @example <SignerEditor signers={signers} onChange={setSigners} signingMethod="SEQUENTIAL" actingBin={bin} />
 */
export function SignerEditor(props: SignerEditorProps): JSX.Element {
  const { signers, onChange, actingBin, disabled = false } = props;
  const lang = useStore($locale);
  const t = signerEditorT(lang);
  const id = useId();
  const rootRef = useRef<HTMLElement>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<FocusTarget>();
  const problems = useMemo(
    () => signerProblems(signers, actingBin, { testMode: props.testMode }),
    [signers, actingBin, props.testMode],
  );
  const full = signers.length >= DOCUMENT_MAX_SIGNERS;
  const Heading = `h${props.headingLevel ?? 3}` as const;

  useEffect(() => {
    if (!focus) return;
    setFocus(undefined);
    const selector =
      'target' in focus
        ? `[data-signer-key="${focus.key}"] [data-focus="${focus.target}"]`
        : '[data-focus="add"]';
    rootRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [focus]);

  // Rule violations (self, duplicate) show as soon as the number is complete; other problems once the field is left.
  const shown = (signer: SignerDraft, all: SignerProblems): SignerProblems => {
    const visible: SignerProblems = {};
    for (const [field, problem] of Object.entries(all) as Array<[SignerField, SignerProblems[SignerField]]>) {
      const rule = problem === 'SELF_AS_SIGNER' || problem === 'SIGNER_DUPLICATE';
      if (props.showAllProblems || rule || touched.has(`${signer.key}:${field}`)) visible[field] = problem;
    }
    return visible;
  };

  const edit = (index: number, patch: Partial<SignerDraft>) =>
    onChange(signers.map((signer, i) => (i === index ? { ...signer, ...patch } : signer)));

  const add = () => {
    if (full) return;
    const signer = emptySigner();
    onChange([...signers, signer]);
    setFocus({ key: signer.key, target: 'identityNumber' });
  };

  const remove = (index: number) => {
    const next = signers.filter((_, i) => i !== index);
    onChange(next);
    setAnnouncement(t('removed'));
    const neighbour = next[Math.min(index, next.length - 1)];
    setFocus(neighbour ? { key: neighbour.key, target: 'remove' } : { key: 'add' });
  };

  const move = (index: number, direction: -1 | 1) => {
    const signer = signers[index];
    const to = index + direction;
    if (!signer || to < 0 || to >= signers.length) return;
    onChange(moveItem(signers, index, to));
    setAnnouncement(t('moved', { n: to + 1 }));
    setFocus({ key: signer.key, target: direction < 0 ? 'up' : 'down' });
  };

  const pick = (counterparty: Counterparty) => {
    const last = signers.at(-1);
    const reuse = last && isBlankSigner(last);
    const signer = signerDraftFromCounterparty(counterparty, reuse ? last.key : undefined);
    if (!reuse && full) return;
    onChange(reuse ? [...signers.slice(0, -1), signer] : [...signers, signer]);
    setAnnouncement(
      t('added', { name: partyName(counterparty, lang), n: reuse ? signers.length : signers.length + 1 }),
    );
  };

  const taken = new Set(signers.map((signer) => signer.identityNumber.trim()));
  const sequential = props.signingMethod === 'SEQUENTIAL';
  const List = sequential ? 'ol' : 'ul';

  return (
    <section ref={rootRef} className={`${widgetRoot} ${layout}`} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className={sectionHeading}>
        {t('title')}
      </Heading>
      {sequential ? <p className={muted}>{t('sequentialHint')}</p> : null}
      {props.counterparties && props.counterparties.length > 0 ? (
        <CounterpartyPicker
          lang={lang}
          counterparties={props.counterparties}
          taken={taken}
          onPick={pick}
          disabled={disabled}
        />
      ) : null}
      {signers.length === 0 ? <p className={muted}>{t('none')}</p> : null}
      <List className={list}>
        {signers.map((signer, index) => (
          <li key={signer.key}>
            <SignerCard
              lang={lang}
              signer={signer}
              index={index}
              count={signers.length}
              problems={shown(signer, problems[index] ?? {})}
              disabled={disabled}
              onEdit={(patch) => edit(index, patch)}
              onBlur={(field) => setTouched((before) => new Set(before).add(`${signer.key}:${field}`))}
              onMove={(direction) => move(index, direction)}
              onRemove={() => remove(index)}
            />
          </li>
        ))}
      </List>
      <div>
        <button
          type="button"
          className={button.secondary}
          data-focus="add"
          aria-disabled={disabled || full || undefined}
          aria-describedby={full ? `${id}-limit` : undefined}
          onClick={() => {
            if (!disabled) add();
          }}
        >
          <Icon path={mdiPlus} />
          {t('add')}
        </button>
        {full ? (
          <span id={`${id}-limit`} className={muted}>
            {' '}
            {t('limit', { max: DOCUMENT_MAX_SIGNERS })}
          </span>
        ) : null}
      </div>
      <span role="status" className={visuallyHidden}>
        {announcement}
      </span>
    </section>
  );
}
