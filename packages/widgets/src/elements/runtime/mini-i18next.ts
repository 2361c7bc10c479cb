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

function merge(target: Resources, source: Resources): Resources {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      value && typeof value === 'object' && existing && typeof existing === 'object'
        ? merge(existing as Resources, value as Resources)
        : value;
  }
  return target;
}

/** One translator: resources per language and namespace, `{{name}}` interpolation, fallback language, then the key. */
class MiniI18n {
  isInitialized = false;
  language = 'kk';
  options: { fallbackLng: string[]; supportedLngs?: unknown } = { fallbackLng: [] };
  private store: Record<string, Record<string, Resources>> = {};

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
    namespaces[ns] = merge(namespaces[ns] ?? {}, bundle);
    return this;
  }

  changeLanguage(lng: string): Promise<void> {
    this.language = lng;
    return Promise.resolve();
  }

  getFixedT(lng: string, ns: string): (key: string, values?: Options) => string {
    return (key, values = {}) => {
      let text = lookup(this.store[lng]?.[ns], key);
      for (const fallback of this.options.fallbackLng) text ??= lookup(this.store[fallback]?.[ns], key);
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
