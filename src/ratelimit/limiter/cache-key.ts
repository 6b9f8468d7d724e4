import { Entry } from '../rules/rule-tree';

/**
 * `<prefix><domain>_<key>_<value>_..._<windowStart>` from the request entries (spec §4.1); a
 * share_threshold pattern stands in for the value where the rule shares one counter.
 */
export function cacheKey(
  prefix: string,
  domain: string,
  entries: readonly Entry[],
  sharedValues: readonly (string | undefined)[] | undefined,
  windowStartSecond: number,
): string {
  let key = prefix + domain + '_';
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const value = sharedValues?.[i] ?? entry.value;
    key += entry.key + '_' + value + '_';
  }
  return key + windowStartSecond;
}
