import { closest, suggestion } from './yaml/did-you-mean';
import type { ModelProblems, Where } from './yaml/problems';
import { isUid } from './yaml/item-uid';
import { quote, type Located } from './yaml/yaml-map';

export interface ScopeItem {
  readonly handle: string;
  readonly uid: string;
}

export interface ScopeSection extends ScopeItem {
  readonly entryTypes: readonly ScopeItem[];
}

/** What scope components may name, with handles and uids. */
export interface ScopeCatalog {
  readonly sites: readonly ScopeItem[];
  readonly sections: readonly ScopeSection[];
  readonly volumes: readonly ScopeItem[];
  readonly globalSets: readonly ScopeItem[];
  readonly userGroups: readonly ScopeItem[];
  readonly categoryGroups: readonly ScopeItem[];
  readonly tagGroups: readonly ScopeItem[];
}

const ALL_ACTIONS = ['read', 'edit', 'create', 'save', 'delete'];

interface EntitySpec {
  /** The word messages use for one item. */
  readonly label: string;
  readonly actions: readonly string[];
  readonly items: (catalog: ScopeCatalog) => readonly ScopeItem[];
}

/**
 * Craft 4's scope entities and the actions each accepts (docs/content-model.md#scope-components).
 */
const ENTITIES: Readonly<Record<string, EntitySpec>> = {
  sites: { label: 'site', actions: ['read'], items: (c) => c.sites },
  sections: { label: 'section', actions: ALL_ACTIONS, items: (c) => c.sections },
  entrytypes: {
    label: 'entry type',
    actions: ALL_ACTIONS,
    items: (c) => c.sections.flatMap((s) => s.entryTypes),
  },
  volumes: { label: 'volume', actions: ALL_ACTIONS, items: (c) => c.volumes },
  globalsets: { label: 'global set', actions: ['read', 'edit'], items: (c) => c.globalSets },
  usergroups: { label: 'user group', actions: ['read'], items: (c) => c.userGroups },
  categorygroups: {
    label: 'category group',
    actions: ['read', 'edit', 'save', 'delete'],
    items: (c) => c.categoryGroups,
  },
  taggroups: {
    label: 'tag group',
    actions: ['read', 'edit', 'save', 'delete'],
    items: (c) => c.tagGroups,
  },
  elements: { label: 'element permission', actions: ['read'], items: () => [] },
};
const ENTITY_NAMES = Object.keys(ENTITIES);
const ELEMENT_PERMISSIONS = ['inactive', 'drafts', 'revisions'];
const COMPONENT = /^([A-Za-z]+)\.(.+):([A-Za-z]+)$/;

/**
 * Craft 5.9's per-schema directive switches, `directive:<name>` with Craft's spelling of each
 * directive: a Craft 5 schema that lists any of them declares only the directives it lists
 * (docs/content-graphql.md, "Craft 4 → 5"). Craft 4's dialect ignores them.
 */
export const SWITCHED_DIRECTIVES = ['transform', 'parseRefs'] as const;
export type SwitchedDirective = (typeof SWITCHED_DIRECTIVES)[number];
const DIRECTIVE_COMPONENT = /^directive:(.*)$/i;

/**
 * A schema's scope as Craft stores it: `<entity>.<uid>:<action>` components, sorted, without
 * duplicates. The YAML may name items by handle (`sections.news:read`), entry types as
 * `<section>.<type>`, and `*` for every item of a kind. Two conveniences: a section granted
 * without any of its entry types (for that action) grants all of them; a scope naming no site
 * may read every site. An entry type readable without its section is reported: it would grant
 * nothing (Craft needs both).
 */
export function normaliseScope(
  components: readonly Located<string>[],
  catalog: ScopeCatalog,
  problems: ModelProblems,
): string[] {
  const granted = new Set<string>();
  /** action → granted section uids; action → granted entry type uids. */
  const sections = new Map<string, Set<string>>();
  const entryTypes = new Map<string, Set<string>>();
  /** Entry types named one by one for reading (not through `*`), checked for their section. */
  const namedReadTypes = new Map<string, Where>();
  let namesSites = false;

  for (const { value, where } of components) {
    const directive = DIRECTIVE_COMPONENT.exec(value);
    if (directive) {
      const component = directiveComponent(directive[1]);
      if (component !== undefined) granted.add(component);
      else problems.add(where, unknownDirectiveMessage(value, directive[1]));
      continue;
    }
    const match = COMPONENT.exec(value);
    if (!match) {
      problems.add(
        where,
        `${quote(value)} is not a scope component <entity>.<handle|uid|*>:<action>`,
      );
      continue;
    }
    const entity = match[1].toLowerCase();
    const identifier = match[2];
    const action = match[3].toLowerCase();
    const spec = ENTITIES[entity];
    if (spec === undefined) {
      const hint = suggestion(entity, ENTITY_NAMES) || ` (known: ${ENTITY_NAMES.join(', ')})`;
      problems.add(where, `unknown scope entity "${match[1]}"${hint}`);
      continue;
    }
    if (!spec.actions.includes(action)) {
      problems.add(
        where,
        `action "${match[3]}" is not one of ${spec.actions.join(', ')} for ${entity}`,
      );
      continue;
    }
    if (entity === 'sites') namesSites = true;
    const literal = literalIdentifier(entity, identifier);
    if (literal !== undefined) {
      for (const name of literal) granted.add(`${entity}.${name}:${action}`);
      continue;
    }
    if (entity === 'elements') {
      problems.add(
        where,
        `unknown element permission "${identifier}" (known: ${ELEMENT_PERMISSIONS.join(', ')})`,
      );
      continue;
    }
    const uids =
      entity === 'entrytypes'
        ? resolveEntryTypes(identifier, catalog, where, problems)
        : resolveItems(identifier, spec, catalog, where, problems);
    for (const uid of uids) {
      granted.add(`${entity}.${uid}:${action}`);
      if (entity === 'sections') setOf(sections, action).add(uid);
      if (entity === 'entrytypes') setOf(entryTypes, action).add(uid);
      if (entity === 'entrytypes' && action === 'read' && !identifier.includes('*')) {
        namedReadTypes.set(uid, where);
      }
    }
  }

  grantWholeSections(granted, sections, entryTypes, catalog);
  reportTypesWithoutSection(namedReadTypes, sections.get('read'), catalog, problems);
  if (!namesSites) for (const site of catalog.sites) granted.add(`sites.${site.uid}:read`);
  return [...granted].sort();
}

/** A section granted without any of its entry types (for that action) grants all of them. */
function grantWholeSections(
  granted: Set<string>,
  sections: ReadonlyMap<string, ReadonlySet<string>>,
  entryTypes: ReadonlyMap<string, ReadonlySet<string>>,
  catalog: ScopeCatalog,
): void {
  for (const [action, sectionUids] of sections) {
    const types = entryTypes.get(action);
    for (const section of catalog.sections) {
      if (!sectionUids.has(section.uid)) continue;
      if (section.entryTypes.some((entryType) => types?.has(entryType.uid))) continue;
      for (const entryType of section.entryTypes) {
        granted.add(`entrytypes.${entryType.uid}:${action}`);
      }
    }
  }
}

/** An entry type named for reading without its section grants nothing (Craft needs both). */
function reportTypesWithoutSection(
  namedReadTypes: ReadonlyMap<string, Where>,
  readableSections: ReadonlySet<string> = new Set<string>(),
  catalog: ScopeCatalog,
  problems: ModelProblems,
): void {
  for (const [uid, where] of namedReadTypes) {
    const section = catalog.sections.find((s) => s.entryTypes.some((t) => t.uid === uid));
    if (section && !readableSections.has(section.uid)) {
      problems.add(
        where,
        `grants nothing without its section: add sections.${section.handle}:read`,
      );
    }
  }
}

/** `directive:<name>` in Craft's spelling (names match without case), else undefined. */
function directiveComponent(name: string): string | undefined {
  const known = SWITCHED_DIRECTIVES.find((d) => d.toLowerCase() === name.toLowerCase());
  return known === undefined ? undefined : `directive:${known}`;
}

function unknownDirectiveMessage(value: string, name: string): string {
  const near = closest(name, SWITCHED_DIRECTIVES);
  const hint =
    near === undefined
      ? ` (known: ${SWITCHED_DIRECTIVES.map((d) => `directive:${d}`).join(', ')})`
      : ` (did you mean "directive:${near}"?)`;
  return `unknown directive component ${quote(value)}${hint}`;
}

/** `usergroups.everyone` and `elements.<permission>` keep their names (lowercased). */
function literalIdentifier(entity: string, identifier: string): string[] | undefined {
  const lowered = identifier.toLowerCase();
  if (entity === 'usergroups' && lowered === 'everyone') return ['everyone'];
  if (entity !== 'elements') return undefined;
  if (lowered === '*') return ELEMENT_PERMISSIONS;
  return ELEMENT_PERMISSIONS.includes(lowered) ? [lowered] : undefined;
}

function resolveItems(
  identifier: string,
  spec: EntitySpec,
  catalog: ScopeCatalog,
  where: Where,
  problems: ModelProblems,
): string[] {
  const items = spec.items(catalog);
  if (identifier === '*') return items.map((item) => item.uid);
  if (isUid(identifier)) {
    const uid = identifier.toLowerCase();
    if (items.some((item) => item.uid === uid)) return [uid];
    problems.add(where, `no ${spec.label} has the uid "${identifier}"`);
    return [];
  }
  const item = items.find((candidate) => candidate.handle === identifier);
  if (item) return [item.uid];
  const hint = suggestion(
    identifier,
    items.map((candidate) => candidate.handle),
  );
  problems.add(where, `unknown ${spec.label} "${identifier}"${hint}`);
  return [];
}

/** `*`, a uid, `<section>.<type>` or `<section>.*`. */
function resolveEntryTypes(
  identifier: string,
  catalog: ScopeCatalog,
  where: Where,
  problems: ModelProblems,
): string[] {
  if (identifier === '*') return catalog.sections.flatMap((s) => s.entryTypes.map((t) => t.uid));
  if (isUid(identifier)) {
    const uid = identifier.toLowerCase();
    if (catalog.sections.some((s) => s.entryTypes.some((t) => t.uid === uid))) return [uid];
    problems.add(where, `no entry type has the uid "${identifier}"`);
    return [];
  }
  const [sectionHandle, typeHandle, ...rest] = identifier.split('.');
  if (typeHandle === undefined || rest.length > 0) {
    problems.add(where, `entry types are named <section>.<type> (or by uid), got "${identifier}"`);
    return [];
  }
  const section = catalog.sections.find((s) => s.handle === sectionHandle);
  if (!section) {
    const hint = suggestion(
      sectionHandle,
      catalog.sections.map((s) => s.handle),
    );
    problems.add(where, `unknown section "${sectionHandle}"${hint}`);
    return [];
  }
  if (typeHandle === '*') return section.entryTypes.map((t) => t.uid);
  const entryType = section.entryTypes.find((t) => t.handle === typeHandle);
  if (entryType) return [entryType.uid];
  const hint = suggestion(
    typeHandle,
    section.entryTypes.map((t) => t.handle),
  );
  problems.add(where, `section "${sectionHandle}" has no entry type "${typeHandle}"${hint}`);
  return [];
}

function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}
