import type { FileFacts } from './asset-rows';
import type { ProblemList } from './write-error';

/** Where an asset's file comes from when it is saved. */
export type FileSource =
  /** New bytes (an upload). */
  | { readonly data: Buffer }
  /** A copy of a file outside the volume (the importer's `file`). */
  | { readonly copyFrom: string }
  /** The asset's own file, from its previous place in the volume (a rename or a move). */
  | { readonly moveFrom: string }
  /** The file already at the target (adopted, or an asset saved without a new file). */
  | { readonly inPlace: true };

/**
 * A file change made ready inside a volume but not yet visible at its target: new content waits
 * under a hidden temporary name beside the target, a move waits to be done. Its facts are those
 * of the file the target will hold.
 */
export interface PreparedFile {
  readonly target: string;
  readonly facts: FileFacts;
}

/**
 * The files of asset volumes as the content writer changes them (the port; LocalVolumeFiles is
 * the adapter, the only writer code that touches the file system). A save prepares its file,
 * then commits it once its transaction has committed, or discards it: a failed save leaves
 * nothing new in the volume, and a file it would have replaced stays as it was.
 */
export abstract class VolumeFiles {
  /** Whether anything (a file, a folder) is at this path. */
  abstract exists(path: string): Promise<boolean>;

  /**
   * Makes `target`'s new file ready without changing what is at `target`, and reads its facts:
   * size, kind and MIME type by the target's extension, image dimensions (as displayed, after
   * EXIF orientation). Undefined, with the problem added and nothing left behind, when the file
   * cannot be placed, does not exist or is not a readable image.
   */
  abstract prepare(
    target: string,
    source: FileSource,
    problems: ProblemList,
  ): Promise<PreparedFile | undefined>;

  /** Puts a prepared file in place: one rename, atomic for readers of the target. */
  abstract commit(prepared: PreparedFile): Promise<void>;

  /** Removes what `prepare` made (the temporary file, folders it created); the target is untouched. */
  abstract discard(prepared: PreparedFile): Promise<void>;

  /** Deletes a file (an upload's replaced file); a missing file is not an error. */
  abstract remove(path: string): Promise<void>;
}
