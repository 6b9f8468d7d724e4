import type { Field } from '../model/content-model';
import type { ContentModelIndex } from '../model/content-model.index';
import type { ElementRecord } from '../store/element-record';
import type { AssetFiles } from '../transforms/asset-files';
import {
  customFieldValue,
  elementStatus,
  elementUrl,
  userFriendlyName,
  userName,
} from './field-values';
import { ElementKinds } from '../model/element-kinds';

/**
 * What a reference tag's property means for an element: Craft reads `$element->{property}` and
 * casts it to a string. Like PHP: numbers as digits, `true` as `1`, `false` as ''; an unset (null)
 * property or one the element does not have gives the element's URL ('' without one); a value
 * that cannot be a string (a date, a table, a relation) is null, which leaves the tag as written
 * (Craft logs the failed cast and puts the tag back).
 */
export function referenceProperty(
  element: ElementRecord,
  property: string | null,
  model: ContentModelIndex,
  assetFiles: AssetFiles,
): string | null {
  const url = () => referenceUrl(element, model, assetFiles);
  if (property === null || property === 'url') return url();
  const value = propertyValue(element, property, model);
  if (value === undefined || value === null) return url();
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  // Craft's option field data stringifies as the values joined by ', '.
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join(', ');
  }
  return null;
}

/** An element's URL as reference tags and links give it: assets their file's, others site + URI. */
export function referenceUrl(
  element: ElementRecord,
  model: ContentModelIndex,
  assetFiles: AssetFiles,
): string {
  if (element.kind === ElementKinds.asset) {
    const volume = element.containerId === null ? undefined : model.volumes.id(element.containerId);
    return volume === undefined || element.asset === null ? '' : assetFiles.url(element, volume);
  }
  return elementUrl(element.uri, model.sites.id(element.siteId)) ?? '';
}

/** The element's own property, or a custom field of its layout; undefined when it has neither. */
function propertyValue(
  element: ElementRecord,
  property: string,
  model: ContentModelIndex,
): unknown {
  const site = model.sites.id(element.siteId);
  const common: Record<string, unknown> = {
    id: element.id,
    uid: element.uid,
    title: element.title,
    slug: element.slug,
    uri: element.uri,
    siteId: element.siteId,
    siteHandle: site?.handle,
    language: site?.language,
    status: elementStatus(element),
    enabled: element.enabled,
    archived: element.archived,
    dateCreated: element.dateCreated,
    dateUpdated: element.dateUpdated,
  };
  if (property in common) return common[property];
  const own = kindProperties(element, model);
  if (property in own) return own[property];
  const field = layoutField(element, property, model);
  if (field === undefined) return undefined;
  // Relation and matrix values are element queries in Craft, tables row arrays: not strings.
  if (NOT_STRINGS.has(field.type)) return NOT_A_STRING;
  return customFieldValue(field, element.fields[field.handle]);
}

const NOT_STRINGS = new Set([
  'entries',
  'assets',
  'categories',
  'tags',
  'users',
  'matrix',
  'addresses',
  'contentBlock',
  'table',
]);
const NOT_A_STRING = Object.freeze({});

function kindProperties(element: ElementRecord, model: ContentModelIndex): Record<string, unknown> {
  switch (element.kind) {
    case ElementKinds.entry: {
      const section =
        element.containerId === null ? undefined : model.sections.id(element.containerId);
      return {
        sectionId: element.containerId,
        sectionHandle: section?.handle,
        typeId: element.typeId,
        typeHandle:
          element.typeId === null ? undefined : model.entryTypes.id(element.typeId)?.handle,
        authorId: element.authorId,
        postDate: element.postDate,
        expiryDate: element.expiryDate,
        level: element.structure?.level,
      };
    }
    case ElementKinds.asset: {
      const asset = element.asset;
      if (asset === null) return {};
      const dot = asset.filename.lastIndexOf('.');
      return {
        volumeId: element.containerId,
        folderId: asset.folderId,
        filename: asset.filename,
        extension: dot === -1 ? '' : asset.filename.slice(dot + 1).toLowerCase(),
        path: asset.folderPath + asset.filename,
        kind: asset.kind,
        mimeType: asset.mimeType,
        size: asset.size,
        width: asset.width,
        height: asset.height,
        alt: asset.alt,
      };
    }
    case ElementKinds.user: {
      const user = element.user;
      if (user === null) return {};
      return {
        username: user.username,
        email: user.email,
        fullName: user.fullName,
        firstName: user.firstName,
        lastName: user.lastName,
        name: userName(element),
        friendlyName: userFriendlyName(element),
        photoId: user.photoId,
      };
    }
    case ElementKinds.globalSet: {
      const set =
        element.containerId === null ? undefined : model.globalSets.id(element.containerId);
      return { name: set?.name, handle: set?.handle };
    }
    case ElementKinds.category:
    case ElementKinds.tag:
      return { groupId: element.containerId, level: element.structure?.level };
    case ElementKinds.matrixBlock:
      return { ownerId: element.ownerId, sortOrder: element.sortOrder };
  }
}

/** The custom fields of the element's layout (entry type, volume, group, global set, users). */
function layoutField(
  element: ElementRecord,
  handle: string,
  model: ContentModelIndex,
): Field | undefined {
  const container = element.containerId;
  let fields: readonly Field[] = [];
  switch (element.kind) {
    case ElementKinds.entry:
      fields = element.typeId === null ? [] : (model.entryTypes.id(element.typeId)?.fields ?? []);
      break;
    case ElementKinds.asset:
      fields = container === null ? [] : (model.volumes.id(container)?.fields ?? []);
      break;
    case ElementKinds.category:
      fields = container === null ? [] : (model.categoryGroups.id(container)?.fields ?? []);
      break;
    case ElementKinds.tag:
      fields = container === null ? [] : (model.tagGroups.id(container)?.fields ?? []);
      break;
    case ElementKinds.globalSet:
      fields = container === null ? [] : (model.globalSets.id(container)?.fields ?? []);
      break;
    case ElementKinds.user:
      fields = model.model.userFields;
      break;
    case ElementKinds.matrixBlock:
      fields = element.typeId === null ? [] : (model.blockTypes.id(element.typeId)?.fields ?? []);
      break;
  }
  return fields.find((field) => field.handle === handle);
}
