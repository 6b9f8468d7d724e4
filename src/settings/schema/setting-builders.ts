import { NO_SECRET, Secret, parseSecret } from '../secret';
import { SettingDefinition, setting } from '../setting-definition';
import {
  parseBool,
  parseChoice,
  parseDuration,
  parseInteger,
  parseList,
  parseMap,
  parseNumber,
} from '../setting-parsers';

/** Shorthands for the schema's entries: one per kind of value. */
export const U32_MAX = 4294967295;

export const str = (
  env: string,
  doc: string,
  fallback = '',
  aliases: string[] = [],
): SettingDefinition<string> =>
  setting(env, doc, { default: fallback, parse: (raw) => raw, aliases });
/** A password or credential: printed as `[secret]` wherever the settings are (see secret.ts). */
export const secret = (
  env: string,
  doc: string,
  aliases: string[] = [],
): SettingDefinition<Secret> =>
  setting<Secret>(env, doc, { default: NO_SECRET, defaultText: '', parse: parseSecret, aliases });
export const bool = (
  env: string,
  doc: string,
  fallback = false,
  aliases: string[] = [],
): SettingDefinition<boolean> =>
  setting(env, doc, { default: fallback, parse: parseBool, aliases });
export const int = (
  env: string,
  doc: string,
  fallback: number,
  min = 0,
  max = U32_MAX,
  aliases: string[] = [],
): SettingDefinition<number> =>
  setting(env, doc, { default: fallback, parse: (raw) => parseInteger(raw, min, max), aliases });
export const port = (env: string, doc: string, fallback: number): SettingDefinition<number> =>
  int(env, doc, fallback, 0, 65535);
export const ratio = (env: string, doc: string, fallback: number): SettingDefinition<number> =>
  setting(env, doc, { default: fallback, parse: (raw) => parseNumber(raw, 0, 1) });
export const duration = (
  env: string,
  doc: string,
  fallback: string,
  aliases: string[] = [],
): SettingDefinition<number> =>
  setting(env, doc, {
    default: parseDuration(fallback),
    defaultText: fallback,
    parse: (raw) => {
      const ms = parseDuration(raw);
      if (ms < 0) throw new Error('allowed values: a duration that is not negative');
      return ms;
    },
    aliases,
  });
export const list = (
  env: string,
  doc: string,
  aliases: string[] = [],
): SettingDefinition<string[]> =>
  setting<string[]>(env, doc, { default: [], defaultText: '', parse: parseList, aliases });
export const map = (
  env: string,
  doc: string,
  separator = ':',
): SettingDefinition<Record<string, string>> =>
  setting<Record<string, string>>(env, doc, {
    default: {},
    defaultText: '',
    parse: (raw) => parseMap(raw, separator),
  });
export const choice = <T extends string>(
  env: string,
  doc: string,
  choices: readonly T[],
  fallback: T,
  options: { caseInsensitive?: boolean; aliases?: string[] } = {},
): SettingDefinition<T> =>
  setting(env, doc, {
    default: fallback,
    parse: (raw) => parseChoice(raw, choices, options.caseInsensitive),
    aliases: options.aliases,
  });
