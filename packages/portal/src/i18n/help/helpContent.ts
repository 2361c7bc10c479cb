import type { HelpSection } from '@qoltanba/core';

/** One section of the help page: a heading, paragraphs, and optional steps or questions. */
export interface HelpSectionContent {
  title: string;
  paragraphs: readonly string[];
  /** Numbered steps, in order. */
  steps?: readonly string[];
  /** Terms and what they mean (errors and their fixes, questions and answers). */
  terms?: ReadonlyArray<readonly [term: string, meaning: string]>;
}

/** The help page of one language (SPEC section 1): every section of `HELP_SECTIONS`, in that order. */
export interface HelpPageContent {
  title: string;
  lead: string;
  /** The label of the list of sections. */
  contents: string;
  /** The label of the links to the page in the other languages. */
  otherLanguages: string;
  sections: Readonly<Record<HelpSection, HelpSectionContent>>;
}
