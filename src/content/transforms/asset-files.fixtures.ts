import { ContentModelIndex } from '../model/content-model.index';
import { ContentModelSource } from '../model/content-model.source';
import type { ContentModel, ImageTransform, Volume } from '../model/content-model';
import type { AssetProperties, ElementRecord } from '../store/element-record';

/** A model source that always answers one model (tests). */
export class FixedModelSource extends ContentModelSource {
  constructor(readonly current: ContentModelIndex) {
    super();
  }

  onChange(): () => void {
    return () => undefined;
  }
}

/** A model with one site and the given volumes and named transforms. */
export function modelWith(
  volumes: readonly Volume[],
  imageTransforms: readonly ImageTransform[] = [],
): FixedModelSource {
  const model: ContentModel = {
    version: 'test',
    sites: [
      {
        id: 1,
        uid: 's-default',
        handle: 'default',
        name: 'Default',
        language: 'en-US',
        primary: true,
        baseUrl: '/',
      },
    ],
    fields: [],
    sections: [],
    volumes,
    categoryGroups: [],
    tagGroups: [],
    globalSets: [],
    userGroups: [],
    userFields: [],
    imageTransforms,
    schemas: [],
  };
  return new FixedModelSource(new ContentModelIndex(model));
}

export function volume(
  id: number,
  handle: string,
  path: string,
  baseUrl = `/volumes/${handle}`,
): Volume {
  return { id, uid: `v-${handle}`, handle, name: handle, path, baseUrl, fields: [] };
}

let nextId = 100;

/** An asset element; dateUpdated is fixed in the past unless given. */
export function assetRecord(
  asset: Partial<AssetProperties> & { filename: string },
  volumeId = 1,
  dateUpdated = new Date('2024-01-01T00:00:00Z'),
): ElementRecord {
  const id = nextId++;
  return {
    id,
    uid: `asset-${id}`,
    kind: 'asset',
    siteId: 1,
    containerId: volumeId,
    typeId: null,
    title: asset.filename,
    slug: null,
    uri: null,
    enabled: true,
    enabledForSite: true,
    archived: false,
    status: 'enabled',
    dateCreated: dateUpdated,
    dateUpdated,
    dateDeleted: null,
    fields: {},
    postDate: null,
    expiryDate: null,
    authorId: null,
    structure: null,
    user: null,
    ownerId: null,
    sortOrder: null,
    searchScore: null,
    asset: {
      folderId: 1,
      folderPath: '',
      kind: 'image',
      mimeType: null,
      size: 0,
      width: null,
      height: null,
      focalPoint: null,
      alt: null,
      dateModified: dateUpdated,
      uploaderId: null,
      ...asset,
    },
  };
}
