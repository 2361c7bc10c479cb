import { mdiLoading, mdiSend } from '@mdi/js';
import { type ErrorCode, SUPPORT_MESSAGE_MAX, supportMessageRequestSchema } from '@qoltanba/core';
import { errorTextOf } from '@qoltanba/sdk';
import { type FormEvent, type JSX, type KeyboardEvent, useId, useRef, useState } from 'react';
import { button, problemOfIssue, spinner, useLang } from '../documents-common';
import { Icon } from '../icon';
import { visuallyHidden } from '../styles/visually-hidden.css';
import { supportT } from '../support-common';
import * as css from './SupportReplyForm.css';

/** Props of {@link SupportReplyForm}. */
export interface SupportReplyFormProps {
  /** Sends the reply (trimmed); a rejection shows its catalogue text under the field. */
  onSend: (text: string) => Promise<unknown>;
  /** A closed conversation: the form is replaced by a note. */
  closed?: boolean;
  className?: string;
}

// Counting starts near the limit, where it helps.
const COUNTER_FROM = SUPPORT_MESSAGE_MAX - 200;

/** The problem of a reply before sending: the schema's code (SUPPORT_MESSAGE_EMPTY, SUPPORT_MESSAGE_TOO_LONG …). */
function replyProblem(text: string): ErrorCode | undefined {
  const parsed = supportMessageRequestSchema.safeParse({ text });
  if (parsed.success) return undefined;
  const problem = problemOfIssue(parsed.error.issues[0] ?? { code: 'custom', message: '' });
  return problem === 'REQUIRED' || problem === 'NAME_TOO_LONG' ? 'VALIDATION_FAILED' : problem;
}

/**
 * An operator's reply: a multi-line field where Enter sends and Shift+Enter starts a new line (not while an input
 * method composes), checked with core's rule before sending; the field keeps focus and cannot change while the
 * reply is on its way, and empties once it is sent. A refusal is shown in the catalogue's words.
 *
 * @example <SupportReplyForm onSend={(text) => $supportInbox.reply(text)} />
 */
export function SupportReplyForm(props: SupportReplyFormProps): JSX.Element {
  const lang = useLang();
  const t = supportT(lang);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // A local problem's code or the caught error itself, so the text (with the server's values) follows the language.
  const [problem, setProblem] = useState<{ error: unknown }>();
  const [announcement, setAnnouncement] = useState('');

  if (props.closed) {
    return (
      <p className={[css.closedNote, props.className].filter(Boolean).join(' ')}>{t('closedNoReply')}</p>
    );
  }

  const send = async (): Promise<void> => {
    if (sending) return;
    const found = replyProblem(text);
    setProblem(found ? { error: found } : undefined);
    setAnnouncement('');
    if (found) {
      field.current?.focus();
      return;
    }
    setSending(true);
    try {
      await props.onSend(text.trim());
      setText('');
      setAnnouncement(t('sent'));
    } catch (error) {
      setProblem({ error });
    } finally {
      setSending(false);
      field.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };
  const length = text.trim().length;

  return (
    <form noValidate className={[css.form, props.className].filter(Boolean).join(' ')} onSubmit={onSubmit}>
      <label htmlFor={`${id}-text`} className={visuallyHidden}>
        {t('reply')}
      </label>
      <div className={css.row}>
        <textarea
          ref={field}
          id={`${id}-text`}
          className={css.field}
          rows={2}
          value={text}
          placeholder={t('reply')}
          readOnly={sending}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className={`${button.primary} ${css.send}`}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          <Icon path={sending ? mdiLoading : mdiSend} className={sending ? spinner : undefined} />
          {t('send')}
        </button>
      </div>
      <div className={css.footer}>
        <span id={`${id}-hint`}>{t('replyHint')}</span>
        {length >= COUNTER_FROM ? (
          <span className={length > SUPPORT_MESSAGE_MAX ? css.over : undefined}>
            {t('counter', { count: length, max: SUPPORT_MESSAGE_MAX })}
          </span>
        ) : null}
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className={css.problem}>
          {errorTextOf(problem.error, lang)}
        </p>
      ) : null}
      <span role="status" className={visuallyHidden}>
        {announcement}
      </span>
    </form>
  );
}
