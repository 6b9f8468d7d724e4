import { mergeTags, splitTags, statsdWireName, Tag } from '../stat-name';
import { Mogrifier, mogrify } from './mogrifier';

/** statsd metric types: counter, gauge, timer in milliseconds. */
export type StatsdType = 'c' | 'g' | 'ms';

/** The fixed parts of one statistic's lines: `<prefix><value>|<type><suffix>`. */
export interface LineParts {
  readonly prefix: string;
  readonly suffix: string;
}

/** Turns a registry name into the fixed parts of its lines; computed once per name by the sink. */
export type LineFormat = (name: string) => LineParts;

export function statsdLine(parts: LineParts, value: number, type: StatsdType): string {
  return `${parts.prefix}${value}|${type}${parts.suffix}`;
}

/**
 * A line break in a name (request values reach per-rule names) would start a new statsd line, and
 * a name is client-influenced: it becomes `_`.
 */
function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, '_');
}

/**
 * Plain statsd (docs/observability.md#statsd-use_statsdtrue): tags are part of the name,
 * `name.__k=v:1|c`.
 */
export function plainStatsdFormat(extraTags: readonly Tag[]): LineFormat {
  return (name) => ({ prefix: `${oneLine(statsdWireName(name, extraTags))}:`, suffix: '' });
}

/** `,` separates DogStatsD tags and `|` fields; neither may appear inside a tag. */
function dogTagText(text: string): string {
  return oneLine(text).replace(/[,|#]/g, '_');
}

/**
 * DogStatsD (docs/observability.md#dogstatsd-use_dog_statsdtrue): in-name tags and EXTRA_TAGS
 * become `|#k:v,...`, sorted by key; the first matching mogrifier renames the tag-free name and its
 * tags are appended after them.
 */
export function dogStatsdFormat(
  extraTags: readonly Tag[],
  mogrifiers: readonly Mogrifier[],
): LineFormat {
  return (name) => {
    const { base, tags } = splitTags(name);
    const mogrified = mogrify(base, mogrifiers);
    const all = [...mergeTags(tags, extraTags), ...mogrified.tags];
    const suffix =
      all.length === 0
        ? ''
        : `|#${all.map(([key, value]) => `${dogTagText(key)}:${dogTagText(value)}`).join(',')}`;
    return { prefix: `${oneLine(mogrified.name).replace(/[:|]/g, '_')}:`, suffix };
  };
}
