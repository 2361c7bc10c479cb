import { type Company, type ErrorCode, formatKzPhone, normalizeKzPhone } from '@qoltanba/core';
import { attachByIin, confirmAttachByIin } from '@qoltanba/sdk';
import { type FormEvent, type JSX, useState } from 'react';
import {
  CodeStep,
  codeError,
  FormActions,
  identityDigits,
  identityNumberError,
  phoneError,
  TextField,
  useAccountForm,
  useCodeSending,
} from '../form';
import { root } from './AttachCompanyForm.css';
import { attachCompanyT } from './texts';

/** The sdk calls {@link AttachCompanyForm} makes; stories and tests pass fakes. */
export interface AttachCompanyActions {
  attachByIin: typeof attachByIin;
  confirmAttachByIin: typeof confirmAttachByIin;
}

/** The sdk's attach-by-IIN actions, used for any not passed in `actions`. */
export const defaultAttachCompanyActions: AttachCompanyActions = { attachByIin, confirmAttachByIin };

/** Props of {@link AttachCompanyForm}. */
export interface AttachCompanyFormProps {
  /** Replaces sdk actions (all default to the sdk's). */
  actions?: Partial<AttachCompanyActions>;
  /** Accepts the NCA TEST IINs, which fail the checksum (default false; never on in production). */
  testMode?: boolean;
  /** Called with the new company list once the code is confirmed (the sdk's `$companies` has it too). */
  onSuccess?: (companies: Company[]) => void;
  className?: string;
}

type Field = 'iin' | 'phone' | 'code';

const FIELD_BY_CODE: Partial<Record<ErrorCode, Field>> = {
  IDENTITY_NUMBER_INVALID: 'iin',
  IIN_NOT_IN_REGISTER: 'iin',
  ATTACH_BY_IIN_ONLY_INDIVIDUALS: 'iin',
  PHONE_MISMATCH: 'phone',
  INVALID_PHONE: 'phone',
  INVALID_CODE: 'code',
};

/** The details a code was sent for. */
interface Details {
  iin: string;
  phoneNumber: string;
}

/**
 * Attaches an individual or sole proprietor by IIN: IIN and phone -> the server sends an SMS code if the phone
 * is the one linked to the IIN in the state database -> the code confirms and the company list comes back.
 * Client checks and server errors show in the current language next to their field or in the alert.
 *
 * @example <AttachCompanyForm testMode={env !== 'production'} onSuccess={() => navigate('/cabinet')} />
 */
export function AttachCompanyForm({
  actions,
  testMode = false,
  onSuccess,
  className,
}: AttachCompanyFormProps): JSX.Element {
  const act = { ...defaultAttachCompanyActions, ...actions };
  const { lang, formRef, status, text, edit } = useAccountForm<Field>();
  const t = attachCompanyT(lang);
  const [iin, setIin] = useState('');
  const [phone, setPhone] = useState('');
  const sending = useCodeSending(status, (details: Details) => act.attachByIin(details), FIELD_BY_CODE);
  const { sent } = sending;

  const sendCode = async (): Promise<void> => {
    const found = { iin: identityNumberError(iin, testMode), phone: phoneError(phone) };
    const phoneNumber = normalizeKzPhone(phone);
    if (status.validate(found) && phoneNumber) await sending.send({ iin: identityDigits(iin), phoneNumber });
  };

  const confirm = async (value: string): Promise<void> => {
    if (!sent || !status.validate({ code: codeError(value) })) return;
    const done = await status.submit(
      () => act.confirmAttachByIin({ ...sent.details, code: value }),
      FIELD_BY_CODE,
    );
    if (done.ok) onSuccess?.(done.value);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (status.busy) return;
    void (sent ? confirm(sending.code) : sendCode());
  };

  return (
    <form
      ref={formRef}
      className={className ? `${root} ${className}` : root}
      aria-label={t('form')}
      noValidate
      onSubmit={onSubmit}
    >
      {sent ? (
        <CodeStep
          sending={sending}
          sent={sent}
          status={status}
          target={formatKzPhone(sent.details.phoneNumber)}
          onComplete={(value) => void confirm(value)}
          submitLabel={t('confirm')}
          backLabel={t('changeDetails')}
        />
      ) : (
        <>
          <TextField
            label={t('iin')}
            hint={t('iinHint')}
            value={iin}
            onValueChange={edit('iin', setIin)}
            error={text(status.errors.iin)}
            name="iin"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
          />
          <TextField
            label={t('phone')}
            hint={t('phoneHint')}
            value={phone}
            onValueChange={edit('phone', setPhone)}
            error={text(status.errors.phone)}
            name="phone"
            type="tel"
            autoComplete="tel"
          />
          <FormActions alert={text(status.alert)} busy={status.busy} submitLabel={t('sendCode')} />
        </>
      )}
    </form>
  );
}
