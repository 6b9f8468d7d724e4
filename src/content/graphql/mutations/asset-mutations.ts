import type { GraphQLObjectType } from 'graphql';
import type { Field, Volume } from '../../model/content-model';
import type { AssetProperties, ElementRecord } from '../../store/element-record';
import { checkFilename, normalizeFolderPath, volumeFilePath } from '../../store/write/asset-rows';
import { ElementWriteError, ProblemList } from '../../store/write/write-error';
import type { GraphqlArgs, GraphqlRequestContext } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { typeNames } from '../schema/type-names';
import type { ContentMutations } from './content-mutations';
import { optionalId } from './entry-mutations';
import {
  assetFilename,
  type DecodedFile,
  decodeFileData,
  INVALID_FILE_DATA,
  NO_FILE,
  NO_URL_UPLOADS,
} from './file-upload';
import { assetArguments } from './arguments';
import { mutationError, requireAction } from './errors';
import { savableVolumes } from './permissions';
import {
  elementId,
  elementKey,
  existingElement,
  type MutationField,
  readSites,
  saveSite,
} from './support';
import { saveInput, saveMutationField } from './save-mutation';
import { ElementKinds } from '../../model/element-kinds';

/** `save_<volume>_Asset` for every readable volume the scope may create or save assets in. */
export function assetSaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const volume of savableVolumes(types.scope)) {
    const object = objects.get(typeNames.asset(volume));
    if (object === undefined) continue;
    fields[`save_${volume.handle}_Asset`] = saveMutationField(
      types,
      object,
      volume.fields,
      assetArguments(types),
      'Save an asset.',
      (layout, args, context, mutations) =>
        saveAsset({ scope: types.scope, volume, layout }, args, context, mutations),
    );
  }
  return fields;
}

interface AssetTarget {
  readonly scope: SchemaScope;
  readonly volume: Volume;
  readonly layout: readonly Field[];
}

/** Where the asset's file goes, and the uploaded file. */
interface FilePlan {
  readonly folderPath: string;
  readonly filename: string;
  readonly upload: DecodedFile | undefined;
}

/**
 * Craft's asset save: an asset named by `uid` or `id` is updated (`save`), else one is created
 * (`create`) from an uploaded file (`_file.fileData`) or, our addition, from a file already in
 * the folder (`filename`). Uploads avoid taken names as Craft does (`photo_1.jpg`); the writer
 * puts the file in the volume only when the transaction commits, and removes the file an upload
 * replaces under another name then.
 */
async function saveAsset(
  { scope, volume, layout }: AssetTarget,
  args: GraphqlArgs,
  context: GraphqlRequestContext,
  mutations: ContentMutations,
): Promise<ElementRecord | null> {
  const key = elementKey(args);
  requireAction(scope, 'volumes', volume.uid, key === undefined ? 'create' : 'save');
  const site = saveSite(scope, args, key === undefined);
  const existing = await existingElement(key, mutations.lookups, {
    kind: ElementKinds.asset,
    noun: 'asset',
    containerId: volume.id,
    containerNoun: 'volume',
  });
  let previous: AssetProperties | undefined;
  if (existing !== undefined) {
    const all = context.model.model.sites.map((s) => s.id);
    previous =
      (await mutations.read(ElementKinds.asset, existing.id, volume.id, all))?.asset ?? undefined;
  }
  const plan = await filePlan(mutations, volume, args, previous);
  const { content, others } = await saveInput(
    mutations,
    args,
    layout,
    site,
    existing?.id,
    (problems) => ({
      uploaderId: optionalId(args.uploaderId, 'uploaderId', problems),
      focalPoint: focalPointArgument(args.focalPoint, problems),
    }),
  );
  const { uploaderId, focalPoint } = others;

  const { upload } = plan;
  const saved = await mutations.write(
    () =>
      mutations.writer.saveAsset({
        ...content,
        volumeId: volume.id,
        uid: existing?.uid,
        folderPath: plan.folderPath,
        filename: plan.filename,
        ...(upload !== undefined && {
          sourceData: upload.data,
          avoidConflicts: true,
          removeReplacedFile: true,
        }),
        ...(args.alt !== undefined && { alt: args.alt as string | null }),
        ...(focalPoint !== undefined && { focalPoint }),
        ...(uploaderId !== undefined && { uploaderId }),
      }),
    (done) => [{ id: done.id, kind: ElementKinds.asset, containerId: volume.id }],
  );
  return mutations.read(ElementKinds.asset, saved.id, volume.id, readSites(scope, site.siteId));
}

/** The folder and file name the asset gets, with the upload decoded. */
async function filePlan(
  mutations: ContentMutations,
  volume: Volume,
  args: GraphqlArgs,
  previous: AssetProperties | undefined,
): Promise<FilePlan> {
  const file = fileArgument(args._file);
  let upload: DecodedFile | undefined;
  if (file !== null && typeof file.fileData === 'string' && file.fileData !== '') {
    upload = decodeFileData(file.fileData);
    if (upload === undefined) throw mutationError(INVALID_FILE_DATA);
  } else if (file !== null && typeof file.url === 'string' && file.url !== '') {
    throw mutationError(NO_URL_UPLOADS);
  }

  const folderPath = await folderOf(mutations, volume, args, previous);
  const requested = typeof args.filename === 'string' ? args.filename : undefined;
  if (requested !== undefined && upload === undefined) checked((p) => checkFilename(requested, p));
  const inVolume = (name: string) =>
    mutations.files.exists(volumeFilePath(volume.path, folderPath, name));
  const taken = async (name: string) =>
    (await mutations.lookups.assetFileHeld(volume.id, folderPath, name)) || inVolume(name);
  const unchanged = (name: string) =>
    previous !== undefined &&
    previous.folderPath === folderPath &&
    previous.filename.toLowerCase() === name.toLowerCase();

  if (upload !== undefined) {
    const given = requested ?? file?.filename ?? upload.defaultName;
    if (given === undefined || given === '') throw mutationError(`${INVALID_FILE_DATA}.`);
    // The writer avoids taken names (`_1`...) while it holds the folder's lock.
    const name = assetFilename(given);
    return { folderPath, filename: unchanged(name) ? previous!.filename : name, upload };
  }
  if (previous === undefined && requested === undefined) throw mutationError(NO_FILE);
  const filename = requested ?? previous!.filename;
  if (!unchanged(filename)) {
    const where = `"${folderPath}${filename}"`;
    if (previous === undefined) {
      // Adopting a file already in the volume: it must be there and belong to no asset.
      if (await mutations.lookups.assetFileHeld(volume.id, folderPath, filename)) {
        throw mutationError(`filename: ${where} belongs to another asset`);
      }
      if (!(await inVolume(filename))) {
        throw mutationError(`filename: there is no file ${where} in the volume`);
      }
    } else if (await taken(filename)) {
      throw mutationError(`filename: ${where} is taken in this folder`);
    }
  }
  return { folderPath, filename, upload };
}

/** `newFolderId` (a folder of this volume), our `newFolderPath`, else where the asset is. */
async function folderOf(
  mutations: ContentMutations,
  volume: Volume,
  args: GraphqlArgs,
  previous: AssetProperties | undefined,
): Promise<string> {
  if (args.newFolderId !== undefined && args.newFolderId !== null) {
    const id = elementId(args.newFolderId);
    const folder = id === undefined ? undefined : await mutations.lookups.folder(id);
    if (folder?.volumeId !== volume.id) throw mutationError('Invalid folder id provided');
    return folder.path;
  }
  if (typeof args.newFolderPath === 'string') {
    const given = args.newFolderPath;
    return checked((problems) => normalizeFolderPath(given, problems))!;
  }
  return previous?.folderPath ?? '';
}

/** `FileInput` as graphql-js hands it over (absent fields are missing). */
function fileArgument(
  value: unknown,
): { fileData?: string; filename?: string; url?: string } | null {
  if (value === undefined || value === null || typeof value !== 'object') return null;
  const text = (key: string) => {
    const field = (value as Record<string, unknown>)[key];
    return typeof field === 'string' ? field : undefined;
  };
  return { fileData: text('fileData'), filename: text('filename'), url: text('url') };
}

/** A writer check's result; its problems as the mutation's error. */
function checked<T>(check: (problems: ProblemList) => T): T {
  const problems = new ProblemList();
  const result = check(problems);
  try {
    problems.throwIfAny();
  } catch (error) {
    if (error instanceof ElementWriteError) throw mutationError(error.problems.join('\n'));
    throw error;
  }
  return result;
}

function focalPointArgument(
  value: unknown,
  problems: string[],
): readonly [number, number] | null | undefined {
  if (value === undefined || value === null) return value;
  const point = value as readonly number[];
  if (point.length !== 2) {
    problems.push('focalPoint: expected [x, y]');
    return undefined;
  }
  return [point[0], point[1]];
}
