import { ITEM_KEYS, parseItemBase, parseLayout } from './item.parser';
import type { ModelProblems, Where } from './problems';
import type {
  ParsedCategoryGroup,
  ParsedEntryType,
  ParsedSection,
  ParsedSiteSettings,
} from './parsed-model';
import { YamlMap } from './yaml-map';

const SECTION_KEYS = [
  ...ITEM_KEYS,
  'type',
  'maxLevels',
  'uriParentPrefix',
  'uriFormat',
  'enabledByDefault',
  'propagation',
  'sites',
  'entryTypes',
];
const SECTION_TYPES = ['single', 'channel', 'structure'] as const;

export function parseSection(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedSection | undefined {
  const map = YamlMap.open(value, where, problems, SECTION_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  if (!map.has('type')) problems.add(where, 'missing "type" (single, channel or structure)');
  const type = map.choice('type', SECTION_TYPES, 'channel');
  const maxLevels = map.int('maxLevels', { min: 1 });
  if (maxLevels !== null && type !== 'structure') {
    problems.add(map.at('maxLevels'), 'only structure sections have levels');
  }
  const uriParentPrefix = map.bool('uriParentPrefix', false);
  if (map.has('uriParentPrefix') && type !== 'structure') {
    problems.add(map.at('uriParentPrefix'), 'only structure sections have parents');
  }
  const siteDefaults = parseSiteDefaults(map);
  const items = map.list('entryTypes', { required: true });
  if (items?.length === 0) {
    problems.add(map.at('entryTypes'), 'must not be empty: a section needs an entry type');
  }
  const entryTypes = (items ?? [])
    .map((item) =>
      typeof item.value === 'string'
        ? { value: item.value, where: item.where }
        : parseEntryType(item.value, item.where, problems),
    )
    .filter((entryType) => entryType !== undefined);
  if (type === 'single' && entryTypes.length > 1) {
    problems.add(map.at('entryTypes'), 'a single has exactly one entry type');
  }
  return (
    base && {
      ...base,
      type,
      maxLevels,
      uriParentPrefix,
      propagation: map.choice('propagation', ['all', 'none'] as const, 'all'),
      ...siteDefaults,
      entryTypes,
    }
  );
}

const ENTRY_TYPE_KEYS = [...ITEM_KEYS, 'hasTitleField', 'titleFormat', 'fields'];

/** An entry type: written in a section, or global (`entryTypes` at the top level). */
export function parseEntryType(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedEntryType | undefined {
  const map = YamlMap.open(value, where, problems, ENTRY_TYPE_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  const hasTitleField = map.bool('hasTitleField', true);
  const titleFormat = map.text('titleFormat', { allowEmpty: true }) ?? '';
  const fields = parseLayout(map);
  return base && { ...base, hasTitleField, titleFormat, fields };
}

const CATEGORY_GROUP_KEYS = [
  ...ITEM_KEYS,
  'maxLevels',
  'uriFormat',
  'enabledByDefault',
  'sites',
  'fields',
];

export function parseCategoryGroup(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedCategoryGroup | undefined {
  const map = YamlMap.open(value, where, problems, CATEGORY_GROUP_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  const maxLevels = map.int('maxLevels', { min: 1 });
  const siteDefaults = parseSiteDefaults(map);
  const fields = parseLayout(map);
  return base && { ...base, maxLevels, ...siteDefaults, fields };
}

const SITE_SETTINGS_KEYS = ['site', 'uriFormat', 'enabledByDefault'];

/**
 * `uriFormat` and `enabledByDefault` for every site, and `sites`: which sites (handles), or
 * objects overriding the two per site. No `sites` means every site.
 */
function parseSiteDefaults(map: YamlMap): {
  sites: ParsedSiteSettings[] | undefined;
  uriFormat: string;
  enabledByDefault: boolean;
} {
  const uriFormat = map.text('uriFormat', { allowEmpty: true }) ?? '';
  const enabledByDefault = map.bool('enabledByDefault', true);
  const items = map.list('sites');
  if (items === undefined) return { sites: undefined, uriFormat, enabledByDefault };
  if (items.length === 0) {
    map.problems.add(map.at('sites'), 'must not be empty (leave it out for every site)');
  }
  const sites: ParsedSiteSettings[] = [];
  for (const item of items) {
    if (typeof item.value === 'string') {
      sites.push({ site: { value: item.value, where: item.where }, uriFormat, enabledByDefault });
      continue;
    }
    const entry = YamlMap.open(item.value, item.where, map.problems, SITE_SETTINGS_KEYS);
    const site = entry?.text('site', { required: true });
    if (!entry || site === undefined) continue;
    sites.push({
      site: { value: site, where: entry.at('site') },
      uriFormat: entry.text('uriFormat', { allowEmpty: true }) ?? uriFormat,
      enabledByDefault: entry.bool('enabledByDefault', enabledByDefault),
    });
  }
  return { sites, uriFormat, enabledByDefault };
}
