import type { Site } from '../../model/content-model';
import { matchesParam } from './param-match';
import { type ArgumentValues, toList, toParam } from './values';
import type { ScopeGrants } from '../scope-grants';

/**
 * The sites a query runs in (Craft's `site`/`siteId` argument handlers, docs/content-store.md):
 * `"*"` is every readable site, `["not", ...]` the readable sites minus those, anything else the
 * named sites that are readable (unknown ones are dropped). Both arguments given: the sites both
 * name. Neither: `fallback` (a relation's source site) if readable, else the primary site if
 * readable, else the first readable one. `language` keeps the sites of those languages (alone:
 * every readable site of those languages, as Craft's `language()` sets the sites). An empty result
 * means the query has no results.
 */
export function selectSiteIds(
  args: ArgumentValues,
  grants: ScopeGrants,
  fallback: readonly number[] | undefined,
): number[] {
  let selected: number[] | null = null;
  if (args.site !== undefined && args.site !== null) {
    selected = pickSites(toList(args.site), grants.sites, (site) => site.handle);
  }
  if (args.siteId !== undefined && args.siteId !== null) {
    const byId = pickSites(toList(args.siteId), grants.sites, (site) => String(site.id));
    selected = selected === null ? byId : selected.filter((id) => byId.includes(id));
  }
  const language = toParam(args.language);
  if (selected === null && language !== undefined) {
    // Craft's `language()` selects the sites of those languages (every readable one).
    selected = grants.sites.map((site) => site.id);
  } else if (selected === null) {
    const readable = grants.readableIds('sites');
    if (fallback !== undefined) selected = fallback.filter((id) => readable.has(id));
    else selected = grants.defaultSite === null ? [] : [grants.defaultSite.id];
  }
  if (language !== undefined) {
    const languages = new Map(grants.sites.map((site) => [site.id, site.language]));
    selected = selected.filter((id) => matchesParam(languages.get(id) ?? '', language));
  }
  return selected;
}

function pickSites(
  values: unknown[],
  readable: readonly Site[],
  key: (site: Site) => string,
): number[] {
  if (values.length === 1 && values[0] === '*') return readable.map((site) => site.id);
  if (typeof values[0] === 'string' && values[0].trim().toLowerCase() === 'not') {
    const excluded = new Set(values.slice(1).map(String));
    return readable.filter((site) => !excluded.has(key(site))).map((site) => site.id);
  }
  const picked: number[] = [];
  for (const value of values) {
    const site = readable.find((candidate) => key(candidate) === String(value));
    if (site !== undefined && !picked.includes(site.id)) picked.push(site.id);
  }
  return picked;
}

/** `preferSites` (handles or ids) as readable site ids, in the given order. */
export function preferredSiteIds(value: unknown, grants: ScopeGrants): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  const ids: number[] = [];
  for (const item of toList(value)) {
    const site = grants.sites.find(
      (candidate) => candidate.handle === String(item) || String(candidate.id) === String(item),
    );
    if (site !== undefined && !ids.includes(site.id)) ids.push(site.id);
  }
  return ids;
}
