import type { Lang } from '@qoltanba/core';

/** Attribute kinds that @r2wc parses from HTML attributes (booleans are written `"true"` / `"false"`). */
export type AttributeType = 'string' | 'number' | 'boolean' | 'json';

/** One attribute/property of an element: its kind, allowed values, default and the sentence the docs show. */
export interface AttributeSpec {
  type: AttributeType;
  /** For string attributes with a closed set of values (the property's type becomes their union). */
  values?: readonly string[];
  /** The value used when the attribute is absent, as the docs show it. */
  default?: string | number | boolean;
  doc: string;
}

/** The one typed map of an element: property name (camelCase; the attribute is its kebab-case) -> spec. */
export type AttributeSpecs = Readonly<Record<string, AttributeSpec>>;

type ValueOf<S extends AttributeSpec> = S extends { values: readonly (infer V)[] }
  ? V
  : S['type'] extends 'string'
    ? string
    : S['type'] extends 'number'
      ? number
      : S['type'] extends 'boolean'
        ? boolean
        : unknown;

/** The properties an element takes, derived from its spec map (all optional, as attributes are). */
export type PropsOf<Specs extends AttributeSpecs> = { -readonly [K in keyof Specs]?: ValueOf<Specs[K]> };

/** The HTML attribute of a property, as @r2wc names it (`apiBase` -> `api-base`). */
export function attributeName(property: string): string {
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The `props` option of @r2wc: property -> kind. */
export function r2wcProps(specs: AttributeSpecs): Record<string, AttributeType> {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec.type]));
}

/** The documentation table of an element's attributes (Markdown), as the README shows it. */
export function attributeTable(specs: AttributeSpecs): string {
  const rows = Object.entries(specs).map(([name, spec]) => {
    const type = spec.values ? spec.values.map((value) => `\`${value}\``).join(' \\| ') : spec.type;
    const fallback = spec.default === undefined ? '' : `\`${String(spec.default)}\``;
    const attribute = attributeName(name);
    const names = attribute === name ? `\`${name}\`` : `\`${attribute}\` / \`${name}\``;
    return `| ${names} | ${type} | ${fallback} | ${spec.doc} |`;
  });
  return ['| attribute / property | type | default | what it does |', '|---|---|---|---|', ...rows].join(
    '\n',
  );
}

/** Languages an element's `lang` attribute takes (kz means kk). */
export const LANG_VALUES: readonly Lang[] = ['kk', 'ru', 'en'];

/** The spec every embedding element shares: language and theme. */
export const commonAttributes = {
  lang: {
    type: 'string',
    values: LANG_VALUES,
    default: 'kk',
    doc: 'Interface language; changing it at run time loads that language (kz means kk).',
  },
  theme: {
    type: 'string',
    values: ['auto', 'light', 'dark'],
    default: 'auto',
    doc: "Colour scheme: `auto` follows the host's `prefers-color-scheme`.",
  },
} as const satisfies AttributeSpecs;
