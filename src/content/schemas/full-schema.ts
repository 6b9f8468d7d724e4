import type { GqlSchemaDefinition } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';

/** Craft's uid of the synthetic full schema (`X-Craft-Gql-Schema: *`). */
export const FULL_SCHEMA_UID = '*';

/**
 * Craft's "Full Schema": read access to everything the model declares, including non-live
 * elements. Used only by Grafana admins through `X-Craft-Gql-Schema: *`. Read actions only, as
 * this API has no mutations.
 */
export function fullSchema(model: ContentModelIndex): GqlSchemaDefinition {
  const { sites, sections, volumes, globalSets, userGroups, categoryGroups, tagGroups } =
    model.model;
  const read = (entity: string, items: readonly { uid: string }[]) =>
    items.map((item) => `${entity}.${item.uid}:read`);
  return {
    id: 0,
    uid: FULL_SCHEMA_UID,
    handle: FULL_SCHEMA_UID,
    name: 'Full Schema',
    isPublic: false,
    scope: [
      ...read('sites', sites),
      ...read('sections', sections),
      ...read(
        'entrytypes',
        sections.flatMap((section) => section.entryTypes),
      ),
      ...read('volumes', volumes),
      ...read('globalsets', globalSets),
      'usergroups.everyone:read',
      ...read('usergroups', userGroups),
      ...read('categorygroups', categoryGroups),
      ...read('taggroups', tagGroups),
      'elements.inactive:read',
      'elements.drafts:read',
      'elements.revisions:read',
    ],
    enabled: true,
    expiryDate: null,
  };
}
