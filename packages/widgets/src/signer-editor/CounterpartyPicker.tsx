import type { Counterparty, Lang } from '@qoltanba/core';
import { type JSX, type KeyboardEvent, useId, useRef, useState } from 'react';
import { documentsT, partyName } from '../documents-common';
import { field, input, label as labelClass } from '../form/form.css';
import { emptyNote, listbox, option, optionMeta, pickerRoot } from './SignerEditor.css';
import { signerEditorT } from './texts';

/** Props of {@link CounterpartyPicker}. */
export interface CounterpartyPickerProps {
  lang: Lang;
  counterparties: readonly Counterparty[];
  /** BIN/IINs already among the signers: offered, but marked and not choosable. */
  taken: ReadonlySet<string>;
  onPick: (counterparty: Counterparty) => void;
  disabled?: boolean;
}

const MAX_OPTIONS = 8;

/** Counterparties whose names, BIN/IIN or e-mails contain `query` (case-insensitive), at most MAX_OPTIONS. */
export function filterCounterparties(counterparties: readonly Counterparty[], query: string): Counterparty[] {
  const needle = query.trim().toLowerCase();
  const matches = needle
    ? counterparties.filter((c) =>
        [c.nameRu, c.nameKk ?? '', c.identityNumber, ...c.emails].some((text) =>
          text.toLowerCase().includes(needle),
        ),
      )
    : counterparties;
  return matches.slice(0, MAX_OPTIONS);
}

/**
 * A combobox over the address book (ARIA 1.2 combobox with a listbox popup): typing filters, arrows move,
 * Enter picks, Escape closes then clears. A pick clears the text and reports the counterparty.
 */
export function CounterpartyPicker({
  lang,
  counterparties,
  taken,
  onPick,
  disabled,
}: CounterpartyPickerProps): JSX.Element {
  const t = signerEditorT(lang);
  const common = documentsT(lang);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = filterCounterparties(counterparties, query);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeIndex = Math.min(active, options.length - 1);

  const pick = (counterparty: Counterparty | undefined): void => {
    if (!counterparty || taken.has(counterparty.identityNumber)) return;
    onPick(counterparty);
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const last = options.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowUp' ? last : 0);
      } else {
        setActive(event.key === 'ArrowUp' ? Math.max(0, activeIndex - 1) : Math.min(last, activeIndex + 1));
      }
    } else if (event.key === 'Enter' && open && options.length > 0) {
      event.preventDefault();
      pick(options[activeIndex]);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    }
  };

  return (
    <div className={`${field} ${pickerRoot}`}>
      <label htmlFor={`${id}-input`} className={labelClass}>
        {t('picker')}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className={input}
        type="text"
        role="combobox"
        autoComplete="off"
        disabled={disabled}
        placeholder={t('pickerHint')}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options.length > 0 ? optionId(activeIndex) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('picker')}
        className={listbox}
        hidden={!open || options.length === 0}
      >
        {options.map((counterparty, index) => {
          const isTaken = taken.has(counterparty.identityNumber);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options
            <div
              key={counterparty.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              aria-disabled={isTaken || undefined}
              data-active={index === activeIndex}
              className={option}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(counterparty)}
            >
              <span>{partyName(counterparty, lang)}</span>
              <span className={optionMeta}>
                {common('identity')} {counterparty.identityNumber}
                {isTaken ? ` · ${t('alreadyAdded')}` : ''}
              </span>
            </div>
          );
        })}
      </div>
      <div role="status" className={emptyNote}>
        {open && options.length === 0 ? t('noMatches') : ''}
      </div>
    </div>
  );
}
