import { mdiLoading } from '@mdi/js';
import { useStore } from '@nanostores/react';
import {
  type Counterparty,
  type DocumentDraft,
  documentDraftSchema,
  documentNameSchema,
  type ErrorCode,
  isErrorCode,
  SIGNING_METHODS,
  type SigningMethod,
  TARIFFS_PAGE,
} from '@qoltanba/core';
import { $locale, type DraftEditor, errorLinkOf, errorTextOf } from '@qoltanba/sdk';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import {
  button,
  codeOfFailure,
  codeText,
  documentsT,
  type FieldProblem,
  problemOfIssue,
  problemText,
  spinner,
  widgetRoot,
} from '../documents-common';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { useFocusFirstInvalid } from '../form/use-focus-first-invalid';
import { Icon } from '../icon';
import {
  emptySigner,
  isBlankSigner,
  type SignerDraft,
  SignerEditor,
  signerInputOf,
  signerProblems,
  signersValid,
} from '../signer-editor';
import {
  blockerNote,
  formColumn,
  formTitle,
  legendHeading,
  methodOption,
  methods,
  part,
  radio,
  submitRow,
} from './DocumentForm.css';
import { FileZone } from './FileZone';
import { documentFormT } from './texts';
import { sendBlocker, type UploadItem } from './upload-model';

/** What the form shows of the draft: the sdk draft editor's state (`$state`) holds it. */
export interface DocumentFormValue {
  name: string;
  signingMethod: SigningMethod;
  /** Signer rows as typed, blank ones included. */
  signers: readonly SignerDraft[];
}

/** The edits the form dispatches: the sdk draft editor's own actions. */
export type DocumentFormEdits = Pick<DraftEditor, 'setName' | 'setSigningMethod' | 'setSigners'>;

/** Props of {@link DocumentForm}. */
export interface DocumentFormProps {
  /** "New document" or "Edit document" heading (default create). */
  mode?: 'create' | 'edit';
  /** The draft shown: the draft editor's state (the form keeps no copy of it). */
  value: DocumentFormValue;
  /** Where each edit of name, signing method and signers goes: the draft editor itself. */
  edit: DocumentFormEdits;
  /** The files and their uploads: the sdk draft editor's `$state.files`. */
  files: readonly UploadItem[];
  /** Picked or dropped files that passed the client checks (format, size, count): the editor's `addFiles`. */
  onAddFiles: (files: File[]) => void;
  /** Stops a queued or uploading file (`cancelUpload`), drops a stored or failed one, queues a failed one again. */
  onCancelUpload?: (key: string) => void;
  onRemoveFile?: (key: string) => void;
  onRetryUpload?: (key: string) => void;
  /** Why sending is not possible now (the draft editor's `$sendBlocker`); default the form's own reckoning. */
  sendBlocker?: ErrorCode;
  /** The acting company's BIN (it may not sign its own document). */
  actingBin: string;
  counterparties?: readonly Counterparty[];
  /** Accept the NCA TEST identity numbers (never in production). */
  testMode?: boolean;
  /**
   * Saves the draft; a rejection (ApiError) shows its code's text and keeps everything typed. Without it the form
   * only sends (an embedded create form, where a draft would have nowhere to be continued).
   */
  onSaveDraft?: (draft: DocumentDraft) => Promise<unknown> | undefined;
  /** Saves and sends for signing; offered once files are uploaded and a signer is named. */
  onSend: (draft: DocumentDraft) => Promise<unknown> | undefined;
  /**
   * Opens the page a refusal links to (an ApiError's `link`, e.g. `/tariffs` when sending needs a tariff) with the
   * app's router; without it the link is a plain one.
   */
  onOpenLink?: (path: string) => void;
  className?: string;
}

/** A failed save: its code (where it shows), and the caught error or the code itself (what it says). */
type Failure = { code: ErrorCode; error: unknown; at: 'name' | 'signers' | 'files' | 'form' };

const SIGNER_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'SELF_AS_SIGNER',
  'SIGNER_DUPLICATE',
  'SIGNERS_REQUIRED',
  'IDENTITY_NUMBER_INVALID',
  'APPROVER_EMAIL_INVALID',
  'INVALID_EMAIL',
]);
const FILE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'DOCUMENT_WITHOUT_FILE',
  'FILES_STILL_UPLOADING',
  'DOCUMENT_FILES_LIMIT',
  'FILE_TOO_LARGE',
  'FILE_FORMAT_NOT_ALLOWED',
  'UNSUPPORTED_FILE_FORMAT',
]);

function failureAt(code: ErrorCode, error: unknown = code): Failure {
  if (code === 'DOCUMENT_NAME_LENGTH') return { code, error, at: 'name' };
  if (SIGNER_CODES.has(code)) return { code, error, at: 'signers' };
  if (FILE_CODES.has(code)) return { code, error, at: 'files' };
  return { code, error, at: 'form' };
}

/**
 * Create or edit a document: name (core's documentNameSchema), signing method, files (drop zone and picker,
 * client checks, per-file progress with cancel / remove / retry), the signers, "Save draft" and "Send". "Send"
 * stays unavailable, with the reason shown, while files upload or are missing or no signer is named. A failed
 * save shows the error in the user's language next to what it concerns and keeps everything typed.
 *
 * The form is a controlled view of the sdk draft editor: it renders `value` (the editor's state) and sends each
 * edit to `edit` (the editor), so the draft lives in one place.
 *
 * @example
 * <DocumentForm value={state} edit={editor} files={state.files} onAddFiles={editor.addFiles}
 *   actingBin={bin} onSaveDraft={() => editor.save()} onSend={() => editor.send()} />
 */
export function DocumentForm(props: DocumentFormProps): JSX.Element {
  const { files, actingBin, testMode } = props;
  const lang = useStore($locale);
  const t = documentFormT(lang);
  const common = documentsT(lang);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const { value, edit } = props;
  const { name, signingMethod: method, signers } = value;
  // A draft without signers starts with one empty row to fill in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form opens
  useEffect(() => {
    if (value.signers.length === 0) edit.setSigners([emptySigner()]);
  }, []);
  const [nameTouched, setNameTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'send'>();
  const [failure, setFailure] = useState<Failure>();

  const parsedName = documentNameSchema.safeParse(name);
  const nameProblem: FieldProblem | undefined = parsedName.success
    ? undefined
    : problemOfIssue(parsedName.error.issues[0] ?? { code: 'custom', message: 'DOCUMENT_NAME_LENGTH' });
  const filled = signers.filter((signer) => !isBlankSigner(signer));
  const blocker = props.sendBlocker ?? sendBlocker(files, filled.length);
  const shownNameProblem =
    (nameTouched || attempted) && nameProblem ? problemText(nameProblem, lang) : undefined;

  const submit = async (kind: 'draft' | 'send'): Promise<void> => {
    if (busy) return;
    setAttempted(true);
    setFailure(undefined);
    // Empty signer rows carry nothing typed: they are dropped rather than reported.
    if (filled.length !== signers.length) edit.setSigners(filled);
    if (nameProblem || !signersValid(signerProblems(filled, actingBin, { testMode }))) {
      focusFirstInvalid();
      return;
    }
    if (kind === 'send' && blocker) {
      setFailure(failureAt(blocker));
      return;
    }
    const draft = documentDraftSchema({ testMode }).safeParse({
      name,
      signingMethod: method,
      signers: filled.map(signerInputOf),
    });
    if (!draft.success) {
      // Not reached while the checks above mirror the schema; kept so a drifted schema still shows its code.
      const message = draft.error.issues[0]?.message;
      setFailure(failureAt(isErrorCode(message) ? message : 'VALIDATION_FAILED'));
      return;
    }
    setBusy(kind);
    try {
      await (kind === 'send' ? props.onSend(draft.data) : props.onSaveDraft?.(draft.data));
    } catch (error) {
      setFailure(failureAt(codeOfFailure(error), error));
    } finally {
      setBusy(undefined);
    }
  };

  const failureText = (at: Failure['at']) =>
    failure?.at === at ? errorTextOf(failure.error, lang) : undefined;
  const failureHref = failure?.at === 'form' ? errorLinkOf(failure.error) : undefined;
  const failureLink = failureHref
    ? {
        href: failureHref,
        label: t(failureHref === TARIFFS_PAGE ? 'openTariffs' : 'openFix'),
        ...(props.onOpenLink ? { onOpen: props.onOpenLink } : {}),
      }
    : undefined;
  const submitButton = (kind: 'draft' | 'send') => {
    const blocked = kind === 'send' && blocker !== undefined;
    return (
      <button
        type="button"
        className={kind === 'send' ? button.primary : button.secondary}
        aria-busy={busy === kind || undefined}
        aria-disabled={busy !== undefined || blocked || undefined}
        aria-describedby={blocked ? `${id}-blocker` : undefined}
        onClick={() => void submit(kind)}
      >
        {busy === kind ? <Icon path={mdiLoading} className={spinner} /> : null}
        {t(kind === 'send' ? 'send' : 'saveDraft')}
      </button>
    );
  };

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={`${id}-title`}
      className={[widgetRoot, formColumn, props.className].filter(Boolean).join(' ')}
      onSubmit={(event) => event.preventDefault()}
    >
      <h2 id={`${id}-title`} className={formTitle}>
        {t(props.mode === 'edit' ? 'titleEdit' : 'titleCreate')}
      </h2>
      <TextField
        label={t('name')}
        hint={t('nameHint')}
        value={name}
        onValueChange={(next) => edit.setName(next)}
        onBlur={() => setNameTouched(true)}
        error={failureText('name') ?? shownNameProblem}
        autoComplete="off"
        disabled={busy !== undefined}
      />
      <fieldset className={part} disabled={busy !== undefined}>
        <legend className={legendHeading}>{t('method')}</legend>
        <div className={methods}>
          {SIGNING_METHODS.map((value) => (
            <label key={value} className={methodOption}>
              <input
                type="radio"
                className={radio}
                name={`${id}-method`}
                value={value}
                checked={method === value}
                aria-describedby={`${id}-${value}-hint`}
                onChange={() => edit.setSigningMethod(value)}
              />
              <span>
                <strong>{common(`method.${value}`)}</strong>
                <br />
                <span id={`${id}-${value}-hint`}>{common(`methodHint.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={part}>
        <legend className={legendHeading}>{t('files')}</legend>
        <FileZone
          lang={lang}
          files={files}
          onAddFiles={props.onAddFiles}
          onCancelUpload={props.onCancelUpload}
          onRemoveFile={props.onRemoveFile}
          onRetryUpload={props.onRetryUpload}
          problem={failure?.at === 'files' ? failure.code : undefined}
          disabled={busy !== undefined}
        />
      </fieldset>
      <div className={part}>
        <SignerEditor
          signers={[...signers]}
          onChange={(rows) => edit.setSigners(rows)}
          signingMethod={method}
          actingBin={actingBin}
          counterparties={props.counterparties}
          testMode={testMode}
          showAllProblems={attempted}
          disabled={busy !== undefined}
        />
        {failure?.at === 'signers' ? <FormAlert message={failureText('signers')} /> : null}
      </div>
      <div className={part}>
        <FormAlert message={failureText('form')} link={failureLink} />
        <div className={submitRow}>
          {props.onSaveDraft ? submitButton('draft') : null}
          {submitButton('send')}
        </div>
        {blocker ? (
          <p id={`${id}-blocker`} className={blockerNote}>
            {codeText(blocker, lang)}
          </p>
        ) : null}
      </div>
    </form>
  );
}
