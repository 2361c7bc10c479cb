import type { ErrorCode } from '@qoltanba/core';

/**
 * The catalogue codes the widget can show. Only these codes' texts go into the panel (build/error-texts.ts picks
 * them from core's catalogue at build time); a code the server sends that is not here shows the server's message.
 */
export const HELP_ERROR_CODES = [
  'SUPPORT_IDENTITY_INVALID',
  'SUPPORT_IDENTITY_EXPIRED',
  'SUPPORT_VISITOR_REQUIRED',
  'SUPPORT_MESSAGE_EMPTY',
  'SUPPORT_MESSAGE_TOO_LONG',
  'SUPPORT_ATTACHMENT_TYPE',
  'SUPPORT_ATTACHMENT_TOO_LARGE',
  'SUPPORT_CHAT_UNAVAILABLE',
  'CONTROL_CHARACTERS',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'NETWORK_ERROR',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** A code of {@link HELP_ERROR_CODES}. */
export type HelpErrorCode = (typeof HELP_ERROR_CODES)[number];

/** True when the widget has a text for `code`. */
export function isHelpErrorCode(code: unknown): code is HelpErrorCode {
  return typeof code === 'string' && (HELP_ERROR_CODES as readonly string[]).includes(code);
}
