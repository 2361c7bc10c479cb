// The part of i18next's API the sdk's i18n module uses (createInstance, init, addResourceBundle, getFixedT,
// changeLanguage), in a few hundred bytes. The elements build aliases `i18next` to this module: the sdk keeps one
// i18n module, the script-tag bundle does not carry i18next's 50 kB of options, plugins and plural rules.

type Resources = Record<string, unknown>;
type Options = Record<string, unknown>;

interface InitOptions {
  lng?: string;
  fallbackLng?: string;
  resources?: Record<string, Record<string, Resources>>;
}

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Resources)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * One translator: resources per language and namespace, `{{name}}` interpolation, fallback language, then the key.
 * Bundles are kept by reference, not copied (the elements build's texts fill in when their language loads); a
 * later bundle of a namespace wins over an earlier one, as i18next's deep merge with overwrite.
 */
class MiniI18n {
  isInitialized = false;
  language = 'kk';
  options: { fallbackLng: string[]; supportedLngs?: unknown } = { fallbackLng: [] };
  private store: Record<string, Record<string, Resources[]>> = {};

  init(options: InitOptions & Options): Promise<void> {
    this.language = options.lng ?? this.language;
    this.options = {
      ...options,
      fallbackLng: options.fallbackLng ? [options.fallbackLng] : [],
    };
    for (const [lng, namespaces] of Object.entries(options.resources ?? {}))
      for (const [ns, bundle] of Object.entries(namespaces)) this.addResourceBundle(lng, ns, bundle);
    this.isInitialized = true;
    return Promise.resolve();
  }

  addResourceBundle(lng: string, ns: string, bundle: Resources): this {
    const namespaces = this.store[lng] ?? {};
    this.store[lng] = namespaces;
    namespaces[ns] = [bundle, ...(namespaces[ns] ?? [])];
    return this;
  }

  changeLanguage(lng: string): Promise<void> {
    this.language = lng;
    return Promise.resolve();
  }

  getFixedT(lng: string, ns: string): (key: string, values?: Options) => string {
    return (key, values = {}) => {
      const find = (language: string) =>
        this.store[language]?.[ns]?.map((bundle) => lookup(bundle, key)).find((found) => found !== undefined);
      let text = find(lng);
      for (const fallback of this.options.fallbackLng) text ??= find(fallback);
      return (text ?? key).replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
        name in values ? String(values[name]) : placeholder,
      );
    };
  }
}

/** The `i18next` default export, reduced to `createInstance`. */
export default { createInstance: (): MiniI18n => new MiniI18n() };

/** Type-only stand-in for i18next's `i18n` type. */
export type i18n = MiniI18n;
