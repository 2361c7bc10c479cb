import errorTexts from 'virtual:help-widget-error-texts';
import type { Lang } from '@qoltanba/core';
import { type HelpErrorCode, isHelpErrorCode } from './error-codes';

/** A failure the widget shows: a catalogue code, its placeholders, and the server's own text for unknown codes. */
export class ChatError extends Error {
  constructor(
    readonly code: HelpErrorCode | (string & {}),
    readonly params: Record<string, string | number> = {},
    /** The server's message (in the request's language), shown when the widget has no text for `code`. */
    readonly serverMessage?: string,
  ) {
    super(code);
    this.name = 'ChatError';
  }
}

/** Any thrown value as a {@link ChatError}: a failed `fetch` is NETWORK_ERROR, anything unexpected INTERNAL_ERROR. */
export function toChatError(error: unknown): ChatError {
  if (error instanceof ChatError) return error;
  if (error instanceof TypeError) return new ChatError('NETWORK_ERROR');
  return new ChatError('INTERNAL_ERROR');
}

/** The text of `error` in `lang`, from core's catalogue, placeholders filled. */
export function errorText(error: ChatError, lang: Lang): string {
  const text = isHelpErrorCode(error.code)
    ? (errorTexts[lang][error.code] ?? error.code)
    : (error.serverMessage ?? errorTexts[lang].INTERNAL_ERROR ?? error.code);
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    error.params[name] === undefined ? placeholder : String(error.params[name]),
  );
}
