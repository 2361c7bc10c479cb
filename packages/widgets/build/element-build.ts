import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Alias, PluginOption } from 'vite';
import { inlineWidgetsCss, plainDynamicImports } from './inline-widgets-css.ts';
import { splitErrorTexts } from './split-error-texts.ts';
import { splitWidgetTexts } from './split-widget-texts.ts';
import { stubZodSchemas } from './stub-zod-schemas.ts';

/**
 * The plugins both element builds (custom elements, React build) share: texts one chunk per language, unchecked zod
 * schemas, the widget CSS inlined for shadow roots, plain dynamic imports.
 */
export function elementBuildPlugins(): PluginOption[] {
  return [
    vanillaExtractPlugin(),
    splitErrorTexts({ replaceCatalogue: true }),
    splitWidgetTexts(),
    stubZodSchemas(),
    inlineWidgetsCss(),
    plainDynamicImports(),
  ];
}

/** The stand-ins both element builds use: a small translator for i18next, zod without its checks. */
export const ELEMENT_STAND_INS: Alias[] = [
  {
    find: /^i18next$/,
    replacement: new URL('../src/elements/runtime/mini-i18next.ts', import.meta.url).pathname,
  },
  {
    find: /^zod$/,
    replacement: new URL('../src/elements/runtime/unchecked-zod.ts', import.meta.url).pathname,
  },
];
