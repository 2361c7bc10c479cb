import { mdiArrowDown, mdiArrowUp, mdiClose, mdiDeleteOutline, mdiPlus } from '@mdi/js';
import { COMPANY_NAME_MAX, EMAIL_MAX, type Lang } from '@qoltanba/core';
import { type JSX, useEffect, useRef, useState } from 'react';
import { button, documentsT, iconButton, problemText } from '../documents-common';
import { TextField } from '../form/TextField';
import { Icon } from '../icon';
import { approverRemove, approverRow, card, fields, legend, rowButtons } from './SignerEditor.css';
import type { SignerDraft, SignerField, SignerProblems } from './signer-model';
import { signerEditorT } from './texts';

/** Props of {@link SignerCard}. */
export interface SignerCardProps {
  lang: Lang;
  signer: SignerDraft;
  index: number;
  count: number;
  /** The problems to show now (already filtered by what was touched). */
  problems: SignerProblems;
  disabled: boolean;
  onEdit: (patch: Partial<SignerDraft>) => void;
  onBlur: (field: SignerField) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

/** One signer: BIN/IIN, e-mail, names, the optional approver, and its reorder and remove buttons. */
export function SignerCard(props: SignerCardProps): JSX.Element {
  const { lang, signer, index, count, problems, disabled, onEdit, onBlur } = props;
  const t = signerEditorT(lang);
  const common = documentsT(lang);
  const n = index + 1;
  const rootRef = useRef<HTMLFieldSetElement>(null);
  // Adding an approver focuses its field; removing it focuses "Add approver" again.
  const [focusApprover, setFocusApprover] = useState(false);
  useEffect(() => {
    if (!focusApprover) return;
    setFocusApprover(false);
    rootRef.current?.querySelector<HTMLElement>('[data-focus="approver"]')?.focus();
  }, [focusApprover]);
  const setApprover = (approverEmail: string | null) => {
    onEdit({ approverEmail });
    setFocusApprover(true);
  };
  const error = (field: SignerField) => {
    const problem = problems[field];
    return problem ? problemText(problem, lang) : undefined;
  };
  const edge = (direction: -1 | 1) => (direction < 0 ? index === 0 : index === count - 1);
  const moveButton = (direction: -1 | 1) => (
    <button
      type="button"
      className={iconButton}
      data-focus={direction < 0 ? 'up' : 'down'}
      aria-label={t(direction < 0 ? 'moveUp' : 'moveDown', { n })}
      title={t(direction < 0 ? 'moveUp' : 'moveDown', { n })}
      aria-disabled={disabled || edge(direction) || undefined}
      onClick={() => {
        if (!disabled && !edge(direction)) props.onMove(direction);
      }}
    >
      <Icon path={direction < 0 ? mdiArrowUp : mdiArrowDown} />
    </button>
  );

  return (
    <fieldset ref={rootRef} className={card} data-signer-key={signer.key} disabled={disabled}>
      <legend className={legend}>{t('signer', { n })}</legend>
      <div className={rowButtons}>
        {count > 1 ? moveButton(-1) : null}
        {count > 1 ? moveButton(1) : null}
        <button
          type="button"
          className={iconButton}
          data-focus="remove"
          aria-label={t('remove', { n })}
          title={t('remove', { n })}
          onClick={props.onRemove}
        >
          <Icon path={mdiDeleteOutline} />
        </button>
      </div>
      <div className={fields}>
        <TextField
          label={common('identity')}
          hint={t('identityHint')}
          value={signer.identityNumber}
          onValueChange={(identityNumber) => onEdit({ identityNumber })}
          onBlur={() => onBlur('identityNumber')}
          error={error('identityNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          data-focus="identityNumber"
        />
        <TextField
          label={common('email')}
          type="email"
          value={signer.email}
          onValueChange={(email) => onEdit({ email })}
          onBlur={() => onBlur('email')}
          error={error('email')}
          maxLength={EMAIL_MAX}
          autoComplete="off"
        />
        <TextField
          label={common('nameRu')}
          value={signer.nameRu}
          onValueChange={(nameRu) => onEdit({ nameRu })}
          onBlur={() => onBlur('nameRu')}
          error={error('nameRu')}
          maxLength={COMPANY_NAME_MAX + 1}
        />
        <TextField
          label={`${common('nameKk')} ${common('optional')}`}
          value={signer.nameKk}
          onValueChange={(nameKk) => onEdit({ nameKk })}
          onBlur={() => onBlur('nameKk')}
          error={error('nameKk')}
          maxLength={COMPANY_NAME_MAX + 1}
        />
      </div>
      {signer.approverEmail === null ? (
        <div>
          <button
            type="button"
            className={button.quiet}
            data-focus="approver"
            onClick={() => setApprover('')}
          >
            <Icon path={mdiPlus} />
            {t('addApprover')}
          </button>
        </div>
      ) : (
        <div className={approverRow}>
          <TextField
            label={t('approver')}
            hint={t('approverHint')}
            type="email"
            value={signer.approverEmail}
            onValueChange={(approverEmail) => onEdit({ approverEmail })}
            onBlur={() => onBlur('approverEmail')}
            error={error('approverEmail')}
            maxLength={EMAIL_MAX}
            autoComplete="off"
            data-focus="approver"
          />
          <button
            type="button"
            className={`${iconButton} ${approverRemove}`}
            aria-label={t('removeApprover', { n })}
            title={t('removeApprover', { n })}
            onClick={() => setApprover(null)}
          >
            <Icon path={mdiClose} />
          </button>
        </div>
      )}
    </fieldset>
  );
}
