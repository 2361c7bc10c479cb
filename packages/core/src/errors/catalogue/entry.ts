/** One catalogue entry: the text in each language and, for server errors, the HTTP status. */
export interface ErrorEntry {
  kk: string;
  ru: string;
  en: string;
  /** HTTP status the server answers with; absent for client-side messages. */
  status?: number;
  /** The English message the original backend sent (SPEC section 8), for mapping such responses to a code. */
  legacyMessage?: string;
}
