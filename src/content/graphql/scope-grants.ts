import type {
  CategoryGroup,
  EntryType,
  GlobalSet,
  GqlSchemaDefinition,
  ModelItem,
  Section,
  Site,
  TagGroup,
  UserGroup,
  Volume,
} from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import { type ElementKind, ElementKinds } from '../model/element-kinds';
import type { SchemaScope } from './schema/schema-scope';

/** One scope component `<entity>.<identifier>:<action>` (or `<entity>:<action>`), lower-cased names. */
export interface ScopeComponent {
  readonly entity: string;
  /** Null for entity-wide components (`<entity>:<action>`, Craft's `pairs[action][entity] = true`). */
  readonly identifier: string | null;
  readonly action: string;
}

/** Parses a scope component; null when it has no `:action`. Identifiers may contain dots. */
export function parseScopeComponent(text: string): ScopeComponent | null {
  const colon = text.lastIndexOf(':');
  if (colon <= 0 || colon === text.length - 1) return null;
  const subject = text.slice(0, colon).trim();
  const action = text
    .slice(colon + 1)
    .trim()
    .toLowerCase();
  const dot = subject.indexOf('.');
  if (dot === -1) return { entity: subject.toLowerCase(), identifier: null, action };
  return {
    entity: subject.slice(0, dot).toLowerCase(),
    identifier: subject.slice(dot + 1),
    action,
  };
}

/** Marks an entity-wide grant in the per-entity identifier sets. */
const ENTITY_WIDE = '\u0000entity';

/** Literal identifiers that are not model items. */
const EVERYONE = 'everyone';

/**
 * What one GraphQL schema definition may read (and, for later mutations, do), resolved against the
 * content model: the allowed sites, sections and entry types, volumes, groups, global sets, users
 * and the `elements.*` permissions. Craft 4 rules: an entry is readable when its section AND its
 * entry type are granted; users need `usergroups.everyone` (all users) or some granted groups.
 *
 * Conveniences shared with the YAML loader (docs/content-model.md): identifiers may be uids or
 * handles (`entrytypes.<section>.<type>`), `*` names every item of the entity, a section granted
 * with none of its entry types listed grants all of them for the same action, and a schema that
 * names no `sites.*` component reads every site.
 */
export class ScopeGrants implements SchemaScope {
  private static readonly cache = new WeakMap<ContentModelIndex, Map<string, ScopeGrants>>();

  /** The grants of a definition under a model, built once per (model, definition). */
  static of(definition: GqlSchemaDefinition, model: ContentModelIndex): ScopeGrants {
    let byUid = ScopeGrants.cache.get(model);
    if (byUid === undefined) ScopeGrants.cache.set(model, (byUid = new Map<string, ScopeGrants>()));
    let grants = byUid.get(definition.uid);
    if (grants === undefined || grants.definition !== definition) {
      byUid.set(definition.uid, (grants = new ScopeGrants(definition, model)));
    }
    return grants;
  }

  /** Readable sites, in model order. */
  readonly sites: readonly Site[];
  /** Sections with at least one readable entry type, in model order. */
  readonly sections: readonly Section[];
  readonly volumes: readonly Volume[];
  readonly categoryGroups: readonly CategoryGroup[];
  readonly tagGroups: readonly TagGroup[];
  readonly globalSets: readonly GlobalSet[];
  /** `usergroups.everyone:read`: every user, whatever their groups. */
  readonly allUsers: boolean;
  /** Granted user groups (every group when `allUsers`). */
  readonly userGroups: readonly UserGroup[];
  /** `elements.inactive:read`: `status`, `archived` and `trashed` are honoured. */
  readonly inactive: boolean;
  readonly drafts: boolean;
  readonly revisions: boolean;
  /** Where queries run when they name no site: the primary site if readable, else the first one. */
  readonly defaultSite: Site | null;
  /** Lower-cased names of the `directive:<name>` components listed (Craft 5.9's switches). */
  readonly directiveComponents: ReadonlySet<string>;

  private readonly granted = new Map<string, Map<string, Set<string>>>();
  private readonly readableTypes = new Map<number, readonly EntryType[]>();
  private readonly ids: Readonly<Record<IdSetName, ReadonlySet<number>>>;

  constructor(
    readonly definition: GqlSchemaDefinition,
    private readonly model: ContentModelIndex,
  ) {
    const explicitSites = new Set<string>();
    const directives = new Set<string>();
    for (const text of definition.scope) {
      const component = parseScopeComponent(text);
      if (component === null) continue;
      if (component.entity === 'sites') explicitSites.add(component.action);
      if (component.entity === 'directive' && component.identifier === null) {
        directives.add(component.action);
      }
      for (const uid of this.normalise(component.entity, component.identifier)) {
        this.grant(component.action, component.entity, uid);
      }
    }
    this.implyEntryTypes();
    this.directiveComponents = directives;

    const readSites = explicitSites.has('read')
      ? model.model.sites.filter((site) => this.has('read', 'sites', site.uid))
      : model.model.sites;
    this.sites = readSites;
    for (const section of model.model.sections) {
      if (!this.has('read', 'sections', section.uid)) continue;
      const types = section.entryTypes.filter((type) => this.has('read', 'entrytypes', type.uid));
      if (types.length > 0) this.readableTypes.set(section.id, types);
    }
    this.sections = model.model.sections.filter((section) => this.readableTypes.has(section.id));
    this.volumes = this.readable('volumes', model.model.volumes);
    this.categoryGroups = this.readable('categorygroups', model.model.categoryGroups);
    this.tagGroups = this.readable('taggroups', model.model.tagGroups);
    this.globalSets = this.readable('globalsets', model.model.globalSets);
    this.allUsers = this.has('read', 'usergroups', EVERYONE);
    this.userGroups = this.allUsers
      ? model.model.userGroups
      : this.readable('usergroups', model.model.userGroups);
    this.inactive = this.has('read', 'elements', 'inactive');
    this.drafts = this.has('read', 'elements', 'drafts');
    this.revisions = this.has('read', 'elements', 'revisions');
    this.defaultSite = this.sites.find((site) => site.primary) ?? this.sites[0] ?? null;
    this.ids = {
      sites: idSet(this.sites),
      sections: idSet(this.sections),
      entryTypes: idSet([...this.readableTypes.values()].flat()),
      volumes: idSet(this.volumes),
      categoryGroups: idSet(this.categoryGroups),
      tagGroups: idSet(this.tagGroups),
      globalSets: idSet(this.globalSets),
      userGroups: idSet(this.userGroups),
    };
  }

  /** Whether the kind has root fields (and results): Craft's `canQueryEntries()` and friends. */
  canQuery(kind: ElementKind): boolean {
    switch (kind) {
      case ElementKinds.entry:
        return this.sections.length > 0;
      case ElementKinds.asset:
        return this.volumes.length > 0;
      case ElementKinds.user:
        return this.allUsers || this.userGroups.length > 0;
      case ElementKinds.category:
        return this.categoryGroups.length > 0;
      case ElementKinds.tag:
        return this.tagGroups.length > 0;
      case ElementKinds.globalSet:
        return this.globalSets.length > 0;
      case ElementKinds.matrixBlock:
        // Blocks are only reached through their owners, which the scope already filtered.
        return true;
    }
  }

  /** The section's readable entry types (none when the section is not readable). */
  entryTypes(section: Section): readonly EntryType[] {
    return this.readableTypes.get(section.id) ?? [];
  }

  /** Readable ids of one kind of model item. */
  readableIds(name: IdSetName): ReadonlySet<number> {
    return this.ids[name];
  }

  /**
   * Whether the scope has `<entity>.<identifier>:<action>` (identifier: uid, handle, or a literal
   * such as `everyone`); for mutations: `allows('sections', uid, 'save')`.
   */
  allows(entity: string, identifier: string | null, action: string): boolean {
    const entityName = entity.toLowerCase();
    const actionName = action.toLowerCase();
    if (identifier === null) return this.has(actionName, entityName, ENTITY_WIDE);
    return this.normalise(entityName, identifier).some((uid) =>
      this.has(actionName, entityName, uid),
    );
  }

  private has(action: string, entity: string, identifier: string): boolean {
    const identifiers = this.granted.get(action)?.get(entity);
    if (identifiers === undefined) return false;
    return identifiers.has(identifier) || identifiers.has(ENTITY_WIDE);
  }

  private grant(action: string, entity: string, identifier: string): void {
    let entities = this.granted.get(action);
    if (entities === undefined) {
      this.granted.set(action, (entities = new Map<string, Set<string>>()));
    }
    let identifiers = entities.get(entity);
    if (identifiers === undefined) entities.set(entity, (identifiers = new Set<string>()));
    identifiers.add(identifier);
  }

  /** A section granted for an action with none of its entry types named grants all of them. */
  private implyEntryTypes(): void {
    for (const [action, entities] of this.granted) {
      const sections = entities.get('sections');
      if (sections === undefined) continue;
      for (const section of this.model.model.sections) {
        if (!this.has(action, 'sections', section.uid)) continue;
        const named = section.entryTypes.some((type) => this.has(action, 'entrytypes', type.uid));
        if (!named) {
          for (const type of section.entryTypes) this.grant(action, 'entrytypes', type.uid);
        }
      }
    }
  }

  /** The uids an identifier names: one item (by uid or handle), every item (`*`), or itself. */
  private normalise(entity: string, identifier: string | null): string[] {
    if (identifier === null) return [ENTITY_WIDE];
    if (entity === 'elements' && identifier === '*') return ['inactive', 'drafts', 'revisions'];
    const items = this.itemsOf(entity);
    if (items === null || identifier === EVERYONE) return [identifier];
    if (identifier === '*') return items.map((item) => item.uid);
    const lowered = identifier.toLowerCase();
    const byUid = items.find((item) => item.uid === identifier || item.uid === lowered);
    if (byUid !== undefined) return [byUid.uid];
    const byHandle = this.itemsByHandle(entity, identifier, items);
    return byHandle.length > 0 ? byHandle.map((item) => item.uid) : [identifier];
  }

  /** Items by handle; entry types as `<section>.<type>` or `<section>.*`. */
  private itemsByHandle(
    entity: string,
    identifier: string,
    items: readonly ModelItem[],
  ): readonly ModelItem[] {
    if (entity !== 'entrytypes') return items.filter((item) => item.handle === identifier);
    const dot = identifier.indexOf('.');
    const section = this.model.sections.handle(identifier.slice(0, dot));
    const typeHandle = identifier.slice(dot + 1);
    if (dot === -1 || section === undefined) return [];
    return section.entryTypes.filter((type) => typeHandle === '*' || type.handle === typeHandle);
  }

  private itemsOf(entity: string): readonly ModelItem[] | null {
    const model = this.model.model;
    switch (entity) {
      case 'sites':
        return model.sites;
      case 'sections':
        return model.sections;
      case 'entrytypes':
        return model.sections.flatMap((section) => section.entryTypes);
      case 'volumes':
        return model.volumes;
      case 'categorygroups':
        return model.categoryGroups;
      case 'taggroups':
        return model.tagGroups;
      case 'globalsets':
        return model.globalSets;
      case 'usergroups':
        return model.userGroups;
      default:
        return null;
    }
  }

  private readable<T extends ModelItem>(entity: string, items: readonly T[]): readonly T[] {
    return items.filter((item) => this.has('read', entity, item.uid));
  }
}

export type IdSetName =
  | 'sites'
  | 'sections'
  | 'entryTypes'
  | 'volumes'
  | 'categoryGroups'
  | 'tagGroups'
  | 'globalSets'
  | 'userGroups';

function idSet(items: readonly ModelItem[]): ReadonlySet<number> {
  return new Set(items.map((item) => item.id));
}
