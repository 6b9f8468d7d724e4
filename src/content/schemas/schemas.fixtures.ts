import type { ContentModel, GqlSchemaDefinition } from '../model/content-model';
import { ContentModelIndex } from '../model/content-model.index';
import { ContentModelSource } from '../model/content-model.source';

/** A GraphQL schema definition for tests: enabled, private, no expiry unless overridden. */
export function schemaDefinition(
  handle: string,
  overrides: Partial<GqlSchemaDefinition> = {},
): GqlSchemaDefinition {
  return {
    id: handle.length,
    uid: `uid-${handle}`,
    handle,
    name: handle,
    isPublic: false,
    scope: [],
    enabled: true,
    expiryDate: null,
    ...overrides,
  };
}

/** The smallest valid model (one site) with the given schemas. */
export function modelWith(schemas: readonly GqlSchemaDefinition[]): ContentModelIndex {
  const model: ContentModel = {
    version: 'test',
    sites: [
      {
        id: 1,
        uid: 'uid-site-en',
        handle: 'en',
        name: 'English',
        language: 'en-US',
        primary: true,
        baseUrl: '/',
      },
    ],
    fields: [],
    sections: [],
    volumes: [],
    categoryGroups: [],
    tagGroups: [],
    globalSets: [],
    userGroups: [],
    userFields: [],
    imageTransforms: [],
    schemas,
  };
  return new ContentModelIndex(model);
}

/** A model source whose model tests replace at will. */
export class SettableModelSource extends ContentModelSource {
  constructor(public model: ContentModelIndex) {
    super();
  }

  get current(): ContentModelIndex {
    return this.model;
  }

  onChange(): () => void {
    return () => undefined;
  }
}
