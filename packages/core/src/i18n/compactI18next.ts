/**
 * The part of i18next's API and behaviour that Varde's catalogues and callers use, for the
 * host-page build (decision 014): there i18next would be 14 KiB of the create-user element's
 * 45 KB. The widgets' preact build aliases `i18next` to this module; the portal, the CLI and Node
 * keep i18next itself. What it does, as i18next does it with core's options:
 * namespaces (`ns:key`, `options.ns`), nested keys (`a.b`), `{{value}}` interpolation (unescaped, a
 * missing value left as written), plurals by `count` (`_zero` for 0, then the language's
 * Intl.PluralRules form, then the bare key), fallback languages, the missing-key handler,
 * `defaultValue`, `languageChanged` events and `addResourceBundle`.
 * test/compactI18next.test.ts runs every catalogue through both and requires the same text.
 */
type Texts = { [key: string]: unknown };
type Resources = Record<string, Record<string, Texts>>;
type Listener = (...args: unknown[]) => void;
type Options = Record<string, unknown> & { ns?: string | string[]; lng?: string; count?: unknown; defaultValue?: unknown };

interface InitOptions {
  resources?: Resources;
  lng?: string;
  fallbackLng?: string | string[];
  defaultNS?: string;
  saveMissing?: boolean;
  missingKeyHandler?: (languages: readonly string[], namespace: string, key: string, fallback: string) => void;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function lookup(texts: Texts | undefined, key: string): unknown {
  if (!texts) return undefined;
  if (key in texts) return texts[key];
  let value: unknown = texts;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Texts)[part];
  }
  return value;
}

function interpolate(text: string, values: Options): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim().replace(/^-\s*/, '');
    const value = lookup(values, name);
    if (value === undefined) return Object.prototype.hasOwnProperty.call(values, name) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

class CompactI18n {
  language: string | undefined = undefined;
  private resources: Resources = {};
  private options: InitOptions = {};
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  readonly services = {
    pluralResolver: {
      getRule: (code: string): Intl.PluralRules => {
        let rule = this.pluralRules.get(code);
        if (!rule) this.pluralRules.set(code, (rule = new Intl.PluralRules(code)));
        return rule;
      },
    },
  };

  init(options: InitOptions): Promise<CompactI18n['t']> {
    this.options = options;
    this.resources = options.resources ?? {};
    this.language = options.lng;
    return Promise.resolve(this.t);
  }

  changeLanguage(language: string): Promise<CompactI18n['t']> {
    this.language = language;
    this.emit('languageChanged', language);
    return Promise.resolve(this.t);
  }

  addResourceBundle(language: string, namespace: string, texts: Texts, deep?: boolean, overwrite?: boolean): this {
    const byNamespace = (this.resources[language] ??= {});
    byNamespace[namespace] = deep ? merge({ ...(byNamespace[namespace] ?? {}) }, texts, overwrite ?? false) : { ...(byNamespace[namespace] ?? {}), ...texts };
    return this;
  }

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener?: Listener): this {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  getFixedT(language: string | null, namespace?: string | string[]) {
    return (key: string, options: Options = {}) => this.t(key, { ...(language ? { lng: language } : {}), ...(namespace ? { ns: namespace } : {}), ...options });
  }

  readonly t = (fullKey: string, options: Options = {}): string => {
    const separator = fullKey.indexOf(':');
    const key = separator > 0 ? fullKey.slice(separator + 1) : fullKey;
    const namespaces = separator > 0 ? [fullKey.slice(0, separator)] : [options.ns ?? this.options.defaultNS ?? 'translation'].flat();
    const found = this.resolve(key, namespaces, options);
    if (typeof found === 'string') return interpolate(found, options);
    if (this.options.saveMissing) {
      const fallback = options.defaultValue !== undefined ? String(options.defaultValue) : key;
      this.options.missingKeyHandler?.(this.fallbackLanguages(), namespaces[0]!, key, fallback);
    }
    return options.defaultValue !== undefined ? interpolate(String(options.defaultValue), options) : key;
  };

  private resolve(key: string, namespaces: readonly string[], options: Options): unknown {
    const plural = options.count !== undefined && typeof options.count !== 'string';
    for (const namespace of namespaces) {
      for (const language of this.languageChain(options.lng)) {
        const texts = this.resources[language]?.[namespace];
        const candidates = [key];
        if (plural) {
          const rule = this.services.pluralResolver.getRule(language);
          candidates.push(`${key}_${rule.select(Number(options.count))}`);
          if (options.count === 0) candidates.push(`${key}_zero`);
        }
        for (const candidate of candidates.reverse()) {
          const value = lookup(texts, candidate);
          if (value !== undefined && value !== null) return value;
        }
      }
    }
    return undefined;
  }

  private languageChain(language = this.language): string[] {
    return [...new Set([language, ...this.fallbackLanguages()].filter((code): code is string => Boolean(code)))];
  }

  private fallbackLanguages(): string[] {
    return [this.options.fallbackLng ?? []].flat();
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

function merge(target: Texts, source: Texts, overwrite: boolean): Texts {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value && typeof value === 'object' && current && typeof current === 'object') target[key] = merge({ ...(current as Texts) }, value as Texts, overwrite);
    else if (overwrite || current === undefined) target[key] = value;
  }
  return target;
}

const compactI18next = { createInstance: () => new CompactI18n() };
export default compactI18next;
