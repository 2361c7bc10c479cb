import { mdiLoading } from '@mdi/js';
import type { Lang } from '@qoltanba/core';
import { errorTextOf } from '@qoltanba/sdk';
import { type JSX, useEffect, useRef, useState } from 'react';
import { button, flush, spinner } from '../documents-common';
import { TextField } from '../form/TextField';
import { Icon } from '../icon';
import { editor, editorButtons } from './FolderTree.css';
import { folderTreeT } from './texts';

/**
 * A folder action's outcome: undefined when done, else the problem to show: a code decided here or the caught
 * error itself (its text carries the values the server sent).
 */
export type FolderOutcome = Promise<{ error: unknown } | undefined>;

/** Props of {@link FolderNameEditor}. */
export interface FolderNameEditorProps {
  lang: Lang;
  label: string;
  initialName: string;
  submitText: string;
  /** Checks and saves the name; resolves with the problem to show, or undefined when saved. */
  onSubmit: (name: string) => FolderOutcome;
  onCancel: () => void;
}

/** The inline name form of "new folder" and "rename": Enter saves, Escape cancels, problems show at the field. */
export function FolderNameEditor(props: FolderNameEditorProps): JSX.Element {
  const { lang } = props;
  const t = folderTreeT(lang);
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(props.initialName);
  const [problem, setProblem] = useState<{ error: unknown }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await props.onSubmit(name);
    setBusy(false);
    setProblem(outcome);
    if (outcome) inputRef.current?.focus();
  };

  return (
    <form
      className={editor}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          props.onCancel();
        }
      }}
    >
      <TextField
        label={props.label}
        value={name}
        onValueChange={(value) => {
          setName(value);
          setProblem(undefined);
        }}
        error={problem ? errorTextOf(problem.error, lang) : undefined}
        inputRef={inputRef}
        autoComplete="off"
      />
      <div className={editorButtons}>
        <button
          type="submit"
          className={button.primary}
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
        >
          {busy ? <Icon path={mdiLoading} className={spinner} /> : null}
          {props.submitText}
        </button>
        <button type="button" className={button.secondary} onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** Props of {@link FolderDeleteConfirm}. */
export interface FolderDeleteConfirmProps {
  lang: Lang;
  name: string;
  onConfirm: () => FolderOutcome;
  onCancel: () => void;
}

/** "Delete the folder “X”?" with Delete and Cancel; the question is focused so it is read first. */
export function FolderDeleteConfirm({
  lang,
  name,
  onConfirm,
  onCancel,
}: FolderDeleteConfirmProps): JSX.Element {
  const t = folderTreeT(lang);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const [problem, setProblem] = useState<{ error: unknown }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => questionRef.current?.focus(), []);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await onConfirm();
    setBusy(false);
    setProblem(outcome);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the confirmation cancels it, as in a dialog
    <div
      className={editor}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p ref={questionRef} tabIndex={-1} className={flush}>
        {t('confirmDelete', { name })}
      </p>
      {problem ? (
        <p role="alert" className={flush}>
          {errorTextOf(problem.error, lang)}
        </p>
      ) : null}
      <div className={editorButtons}>
        <button
          type="button"
          className={button.danger}
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          onClick={() => void confirm()}
        >
          {busy ? <Icon path={mdiLoading} className={spinner} /> : null}
          {t('delete')}
        </button>
        <button type="button" className={button.secondary} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}
