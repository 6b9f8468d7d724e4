import type {
  CategoryGroup,
  EntryType,
  GlobalSet,
  Section,
  Site,
  TagGroup,
  Volume,
} from '../../model/content-model';
import type { ElementKind } from '../../model/element-kinds';

/**
 * What a GraphQL schema definition's scope lets its generated schema contain: the element kinds
 * with root fields, the contexts that get concrete types and custom-field arguments, and the
 * conditional arguments. Built from the scope grants.
 */
export interface SchemaScope {
  /** Whether the kind has root fields (and its interface exists). */
  canQuery(kind: ElementKind): boolean;
  /** Sections with at least one readable entry type, in model order. */
  readonly sections: readonly Section[];
  /** The section's entry types the scope can read (Craft 4: section AND entry type granted). */
  entryTypes(section: Section): readonly EntryType[];
  readonly volumes: readonly Volume[];
  readonly categoryGroups: readonly CategoryGroup[];
  readonly tagGroups: readonly TagGroup[];
  readonly globalSets: readonly GlobalSet[];
  /** `elements.inactive:read`: the `status`, `archived` and `trashed` arguments exist. */
  readonly inactive: boolean;
  /** Readable sites, in model order. */
  readonly sites: readonly Site[];
  /** Where operations run when they name no site: the primary site if readable, else the first. */
  readonly defaultSite: Site | null;
  /**
   * The names of Craft 5.9's `directive:<name>` components the scope lists, lower-cased (empty
   * when it lists none): which of `@transform` and `@parseRefs` a Craft 5 schema declares.
   */
  readonly directiveComponents: ReadonlySet<string>;
  /**
   * Whether the scope has `<entity>.<identifier>:<action>` (identifier: uid or handle): which
   * mutations exist, and what they may do (`sections`/`entrytypes` `create`, `save`, `delete`...).
   */
  allows(entity: string, identifier: string | null, action: string): boolean;
}
