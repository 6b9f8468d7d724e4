/** One environment variable: its product name, the upstream names accepted as aliases, and its parser. */
export interface SettingDefinition<T> {
  readonly env: string;
  readonly aliases: readonly string[];
  /** One line for `.env.example` and the settings table. */
  readonly doc: string;
  /** Shown in docs; for computed defaults it says how the value is chosen. */
  readonly defaultText: string;
  readonly defaultValue: T | ((env: EnvReader) => T);
  parse(raw: string): T;
}

/** Reads a variable by its product name or any alias, as the settings loader resolves them. */
export interface EnvReader {
  has(env: string): boolean;
  get(env: string): string | undefined;
}

interface SettingOptions<T> {
  aliases?: readonly string[];
  default: T | ((env: EnvReader) => T);
  defaultText?: string;
  parse: (raw: string) => T;
}

export function setting<T>(
  env: string,
  doc: string,
  options: SettingOptions<T>,
): SettingDefinition<T> {
  const { default: defaultValue } = options;
  return {
    env,
    aliases: options.aliases ?? [],
    doc,
    defaultText:
      options.defaultText ??
      (typeof defaultValue === 'function' ? '(computed)' : describeDefault(defaultValue)),
    defaultValue,
    parse: options.parse,
  };
}

function describeDefault(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}:${String(v)}`)
      .join(',');
  }
  return String(value);
}

export type SettingGroup = Readonly<Record<string, SettingDefinition<unknown>>>;
export type SettingSchema = Readonly<Record<string, SettingGroup>>;

/** The typed, read-only settings object a schema produces. */
export type ResolvedSettings<S extends SettingSchema> = {
  readonly [G in keyof S]: {
    readonly [K in keyof S[G]]: S[G][K] extends SettingDefinition<infer T> ? T : never;
  };
};
