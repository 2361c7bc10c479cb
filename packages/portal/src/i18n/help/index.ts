import type { Lang } from '@qoltanba/core';
import { helpEn } from './en';
import type { HelpPageContent } from './helpContent';
import { helpKk } from './kk';
import { helpRu } from './ru';

export type { HelpPageContent, HelpSectionContent } from './helpContent';

/** The help page of each language (SPEC section 1), loaded with the help screen only. */
export const HELP_PAGES: Readonly<Record<Lang, HelpPageContent>> = { kk: helpKk, ru: helpRu, en: helpEn };
