/** Document name length in characters, after trimming (SPEC section 5/9). */
export const DOCUMENT_NAME_MIN = 5;
/** Document name length in characters, after trimming (SPEC section 5/9). */
export const DOCUMENT_NAME_MAX = 60;

/**
 * Reject comment minimum length. SPEC section 5 reads 5 in the Russian and Kazakh texts and 4 in
 * the English one; we use 5 for every language so the rule does not depend on the interface language.
 */
export const REJECT_COMMENT_MIN = 5;
/** Reject comment maximum length in characters. */
export const REJECT_COMMENT_MAX = 100;

/** Password length bounds; the maximum is ours (SPEC only gives the minimum) to bound hashing cost. */
export const PASSWORD_MIN = 8;
/** Password length bounds; the maximum is ours (SPEC only gives the minimum) to bound hashing cost. */
export const PASSWORD_MAX = 128;

/** Folder name maximum length: SPEC says "not too long" without a number, 100 is our choice. */
export const FOLDER_NAME_MAX = 100;

/** Upload limit per document file: 5 MiB. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Signature verification upload: at most this many files. */
export const VERIFY_MAX_FILES = 10;
/** Signature verification upload: total size of all files, 30 MiB. */
export const VERIFY_MAX_TOTAL_BYTES = 30 * 1024 * 1024;
/**
 * Files a document card (a PDF carrying the original and its signatures as attached files) may carry: the original
 * and up to 49 signatures. Ours; the card specification sets no number.
 */
export const CARD_MAX_ATTACHMENTS = 50;
/** File extensions a document may carry (lower case, without the dot). */
export const ALLOWED_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'odt'] as const;
/**
 * File name endings the verification upload takes: a PDF original, a CMS signature (.cms, .p7s, .sig) or an XML
 * document with XMLDSig signatures. The server still recognises each file by content, never by name.
 */
export const VERIFY_ALLOWED_EXTENSIONS = ['pdf', 'cms', 'p7s', 'sig', 'xml'] as const;

/** Documents a company may send on the free plan. */
export const FREE_DOCUMENTS = 3;
/** Active tariff polling interval. */
export const TARIFF_POLL_MS = 30_000;
/** Saving the yearly plan shows, in percent. */
export const YEARLY_SAVING_PERCENT = 17;

/** Lifetime of the GATEWAY cookie (access token). */
export const GATEWAY_COOKIE_HOURS = 1;
/** Lifetime of the `lang` cookie. */
export const LANG_COOKIE_HOURS = 9600;
/** Lifetime of the `lastProjectHref` cookie (SPEC gives 24 without a unit; we read hours). */
export const LAST_PROJECT_HREF_HOURS = 24;

/** Default snackbar display time. */
export const SNACKBAR_TIMEOUT_MS = 5000;
/** Viewport width from which the desktop layout is used (bare /cabinet goes to incoming). */
export const DESKTOP_MIN_WIDTH = 1280;
/** Notifications list shows this many past days. */
export const NOTIFICATION_DAYS = 30;

/** Data query retries, with exponential back-off capped at {@link QUERY_RETRY_MAX_DELAY_MS}. */
export const QUERY_RETRIES = 3;
/** Upper bound of the data query retry back-off. */
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
/** How long unused query results stay cached. */
export const QUERY_CACHE_MS = 300_000;

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Digits in a one-time code sent by e-mail or SMS. */
export const CODE_LENGTH = 6;
/** A one-time code expires this long after it was sent. */
export const CODE_TTL_SECONDS = 600;
/** A new code for the same target and purpose can be requested at most this often. */
export const CODE_RESEND_SECONDS = 60;
/**
 * Wrong passwords (or wrong codes) in a row from one client (an IPv4 address, an IPv6 /64) before that client's
 * login by that method is blocked for the account; other clients are not.
 */
export const LOGIN_MAX_FAILURES = 5;
/** How long a blocked login method stays blocked for that client; also how long failures are remembered. */
export const LOGIN_LOCK_SECONDS = 15 * 60;
/**
 * Failures of one login method for an account, from all clients together, before each further try must wait
 * (distributed guessing is slowed down, not answered by a long block: the owner keeps the other method).
 */
export const LOGIN_SLOWDOWN_AFTER = 10;
/** Longest wait between tries while an account is slowed down; the wait doubles from 1 s up to it. */
export const LOGIN_SLOWDOWN_MAX_SECONDS = 60;
/** Access token lifetime; `expires_in` of the token response. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Refresh token lifetime (rotated on every use). */
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/** Largest avatar image accepted: 1 MiB. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** Avatar image types accepted, recognised by content, not by name. */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** First and last name length bounds. */
export const PERSON_NAME_MAX = 100;

/** Days a document stays in a company's trash before it is deleted for that company (the server's default). */
export const TRASH_RETENTION_DAYS = 30;
/** Files one document may carry (ours: SPEC gives no number). */
export const DOCUMENT_MAX_FILES = 10;
/** Signers one document may have (ours: SPEC gives no number). */
export const DOCUMENT_MAX_SIGNERS = 50;
/** Longest file name kept, in characters, after sanitising. */
export const FILE_NAME_MAX = 200;
/** Longest company name of a signer or counterparty, in characters. */
export const COMPANY_NAME_MAX = 300;
/** E-mail addresses one counterparty may keep. */
export const COUNTERPARTY_EMAILS_MAX = 5;

/** Longest support chat message, in characters. */
export const SUPPORT_MESSAGE_MAX = 2000;
/** Largest support chat attachment: 5 MiB (images or PDF, recognised by content). */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
