import type { GqlSchemaDefinition } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';

/** Craft's uid of the synthetic full schema (`X-Craft-Gql-Schema: *`). */
export const FULL_SCHEMA_UID = '*';

/**
 * Craft's "Full Schema": every scope component of everything the model declares: reading,
 * non-live elements included, and every mutation (docs/content-mutations.md). Used only by
 * Grafana admins through `X-Craft-Gql-Schema: *`, as Craft's control-panel GraphiQL uses it.
 */
export function fullSchema(model: ContentModelIndex): GqlSchemaDefinition {
  const { sites, sections, volumes, globalSets, userGroups, categoryGroups, tagGroups } =
    model.model;
  const grant = (entity: string, items: readonly { uid: string }[], actions: string[]) =>
    items.flatMap((item) => actions.map((action) => `${entity}.${item.uid}:${action}`));
  const read = (entity: string, items: readonly { uid: string }[]) =>
    grant(entity, items, ['read']);
  const entryTypes = sections.flatMap((section) => section.entryTypes);
  return {
    id: 0,
    uid: FULL_SCHEMA_UID,
    handle: FULL_SCHEMA_UID,
    name: 'Full Schema',
    isPublic: false,
    scope: [
      ...read('sites', sites),
      ...grant('sections', sections, ['read', 'edit', 'create', 'save', 'delete']),
      ...grant('entrytypes', entryTypes, ['read', 'edit', 'create', 'save', 'delete']),
      ...grant('volumes', volumes, ['read', 'edit', 'create', 'save', 'delete']),
      ...grant('globalsets', globalSets, ['read', 'edit']),
      'usergroups.everyone:read',
      ...read('usergroups', userGroups),
      ...grant('categorygroups', categoryGroups, ['read', 'edit', 'save', 'delete']),
      ...grant('taggroups', tagGroups, ['read', 'edit', 'save', 'delete']),
      'elements.inactive:read',
      'elements.drafts:read',
      'elements.revisions:read',
      // Craft 5.9's directive switches, as Craft's full schema has them (both directives).
      'directive:transform',
      'directive:parseRefs',
    ],
    enabled: true,
    expiryDate: null,
  };
}
