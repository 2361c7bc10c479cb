import { mdiCheck, mdiChevronDown, mdiPlus } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { type Company, companyDisplayName, errorMessage } from '@qoltanba/core';
import { $companies, $locale, $selectedCompanyBin, currentCompanyOf, selectCompany } from '@qoltanba/sdk';
import { type JSX, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import {
  identity,
  listbox,
  mainBadge,
  name,
  option,
  optionText,
  root,
  tick,
  trigger,
  triggerText,
} from './CompanySwitcher.css';
import { companySwitcherT } from './texts';

/** The sdk call {@link CompanySwitcher} makes; stories and tests pass a fake. */
export interface CompanySwitcherActions {
  selectCompany: typeof selectCompany;
}

/** Props of {@link CompanySwitcher}. */
export interface CompanySwitcherProps {
  /** The companies to offer; by default the sdk's `$companies` (and then `$selectedCompanyBin`). */
  companies?: readonly Company[];
  /** The selected BIN when `companies` is given; the main company is shown when it matches none. */
  selectedBin?: string;
  /** Blocks switching (the portal does on document-editing screens); the reason is announced and shown on hover. */
  disabled?: boolean;
  /** Why switching is blocked; default the catalogue's COMPANY_SWITCH_BLOCKED text. */
  disabledReason?: string;
  /** Called after the user picked another company. */
  onSelect?: (bin: string) => void;
  /** Offers "Add company" as the list's last entry and calls this when it is chosen (the portal opens its add screen). */
  onAddCompany?: () => void;
  /** Replaces the sdk's selectCompany. */
  actions?: Partial<CompanySwitcherActions>;
  className?: string;
}

const defaultActions: CompanySwitcherActions = { selectCompany };

/**
 * The cabinet header's company context: a button with the current company (display name, BIN/IIN) that opens
 * a listbox of the user's companies, the main one marked. Keyboard: arrows, Home/End, Enter/Space, Esc.
 *
 * @example <CompanySwitcher disabled={isEditingScreen} onSelect={() => refetchDocuments()} />
 */
export function CompanySwitcher({
  companies: companiesProp,
  selectedBin: selectedBinProp,
  disabled = false,
  disabledReason,
  onSelect,
  onAddCompany,
  actions,
  className,
}: CompanySwitcherProps): JSX.Element {
  const act = { ...defaultActions, ...actions };
  const lang = useStore($locale);
  const t = companySwitcherT(lang);
  const storeCompanies = useStore($companies);
  const storeBin = useStore($selectedCompanyBin);
  const companies = companiesProp ?? storeCompanies;
  const current = currentCompanyOf(companies, companiesProp ? selectedBinProp : storeBin);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const blocked = disabled || companies.length === 0;
  const reason = disabled ? (disabledReason ?? errorMessage('COMPANY_SWITCH_BLOCKED', lang)) : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;
  // "Add company", when offered, is one more option after the companies.
  const addIndex = onAddCompany ? companies.length : -1;
  const optionCount = companies.length + (onAddCompany ? 1 : 0);

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  // A press outside closes the list without stealing focus back.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  // Blocking while open (the user navigated to an editing screen) closes the list.
  useEffect(() => {
    if (blocked) setOpen(false);
  }, [blocked]);

  const openList = (at?: number): void => {
    if (blocked) return;
    const selected = companies.findIndex((company) => company.bin === current?.bin);
    setActive(at ?? Math.max(0, selected));
    setOpen(true);
  };

  const close = (): void => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const choose = (company: Company | undefined, index?: number): void => {
    if (index === addIndex && onAddCompany) {
      close();
      onAddCompany();
      return;
    }
    if (!company) return;
    close();
    if (company.bin === current?.bin) return;
    if (act.selectCompany(company.bin) !== false) onSelect?.(company.bin);
  };

  const onTriggerKey = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList(event.key === 'ArrowUp' ? optionCount - 1 : undefined);
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    const last = optionCount - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, active + 1),
      ArrowUp: () => Math.max(0, active - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(companies[active], active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') setOpen(false);
  };

  const reasonId = `${id}-reason`;
  const listId = `${id}-list`;
  return (
    <div ref={rootRef} className={className ? `${root} ${className}` : root}>
      <button
        ref={triggerRef}
        type="button"
        className={trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-disabled={blocked || undefined}
        aria-describedby={reason ? reasonId : undefined}
        title={reason}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onTriggerKey}
      >
        <span className={triggerText}>
          <span className={visuallyHidden}>{t('label')}: </span>
          <span className={name}>{current ? companyDisplayName(current, lang) : t('none')}</span>
          {current ? <span className={identity}>{t('identity', { bin: current.bin })}</span> : null}
        </span>
        {blocked ? null : <Icon path={mdiChevronDown} />}
      </button>
      {reason ? (
        <span id={reasonId} className={visuallyHidden}>
          {reason}
        </span>
      ) : null}
      {open ? (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={t('choose')}
          aria-activedescendant={optionId(active)}
          className={listbox}
          onKeyDown={onListKey}
          onBlur={(event) => {
            if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {companies.map((company, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys for its options
            <div
              key={company.bin}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={company.bin === current?.bin}
              data-active={index === active}
              className={option}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(company)}
            >
              <span className={tick}>{company.bin === current?.bin ? <Icon path={mdiCheck} /> : null}</span>
              <span className={optionText}>
                <span className={name}>{companyDisplayName(company, lang)}</span>
                <span className={identity}>{t('identity', { bin: company.bin })}</span>
              </span>
              {company.isMainCompany ? (
                <span className={mainBadge}>
                  <span aria-hidden="true">{t('main')}</span>
                  <span className={visuallyHidden}>{t('mainLong')}</span>
                </span>
              ) : null}
            </div>
          ))}
          {onAddCompany ? (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys for its options
            <div
              id={optionId(addIndex)}
              role="option"
              tabIndex={-1}
              aria-selected={false}
              data-active={addIndex === active}
              className={option}
              onMouseEnter={() => setActive(addIndex)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(undefined, addIndex)}
            >
              <span className={tick}>
                <Icon path={mdiPlus} />
              </span>
              <span className={optionText}>
                <span className={name}>{t('add')}</span>
              </span>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
