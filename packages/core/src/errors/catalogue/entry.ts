/** One catalogue entry: the text in each language and, for server errors, the HTTP status. */
export interface ErrorEntry {
  kk: string;
  ru: string;
  en: string;
  /** HTTP status the server answers with; absent for client-side messages. */
  status?: number;
  /**
   * The text without its values, for a client that lacks them (an old server, a proxy's 429): required for
   * texts with `{name}` placeholders, absent otherwise.
   */
  withoutParams?: { kk: string; ru: string; en: string };
  /** The English message the original backend sent (SPEC section 8), for mapping such responses to a code. */
  legacyMessage?: string;
  /** A portal page where the user can fix the cause (`/tariffs` for a send refused without a tariff). */
  link?: string;
}
