import { copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Document, isScalar, visit } from 'yaml';
import type { SeedKind } from '../seed-document';
import type { FileItem } from './mapping';

export type ExportFormat = 'yaml' | 'json';

/** The export cannot write where it was told to. */
export class ExportTargetError extends Error {
  override readonly name = 'ExportTargetError';
}

/**
 * The directory an export writes into: absent or empty (an export is a whole; files of an
 * older one left beside it would be imported with it).
 */
export async function prepareExportDirectory(directory: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(directory);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      await mkdir(directory, { recursive: true });
      return;
    }
    if (code === 'ENOTDIR') throw new ExportTargetError(`${directory} is not a directory`);
    throw error;
  }
  if (entries.length > 0) {
    throw new ExportTargetError(
      `${directory} is not empty: export into a new or empty directory (an older export's files would be imported with the new ones)`,
    );
  }
}

/**
 * One content file: the items of one kind (and one section, volume or group), in the given
 * format. YAML files open with a comment saying what they hold; nothing in them depends on
 * when or where they were written, so equal content gives equal bytes.
 */
export async function writeContentFile(
  directory: string,
  name: string,
  kind: SeedKind,
  items: readonly FileItem[],
  format: ExportFormat,
  description: string,
): Promise<string> {
  const file = `${name}.${format}`;
  const document = { [kind]: items };
  const text =
    format === 'json'
      ? `${JSON.stringify(document, null, 2)}\n`
      : `# ${description}\n# Written by content-export; load it with content-import.\n${yamlText(document)}`;
  await writeFile(join(directory, file), text);
  return file;
}

/** Short lists of plain values on one line (`groups: [editors]`), as people write them. */
const FLOW_LIST_MAX = 60;

function yamlText(value: unknown): string {
  const document = new Document(value);
  visit(document, {
    Seq(_key, node) {
      const scalars = node.items.every(isScalar);
      const length = node.items.reduce<number>(
        (sum, item) => sum + (isScalar(item) ? String(item.value).length + 2 : FLOW_LIST_MAX),
        0,
      );
      if (scalars && length <= FLOW_LIST_MAX) node.flow = true;
    },
  });
  // No folding: long texts stay on their lines.
  return document.toString({ lineWidth: 0, flowCollectionPadding: false });
}

/** Copies an asset's file into the export; returns its size, or undefined when it is missing. */
export async function copyAssetFile(source: string, target: string): Promise<number | undefined> {
  let size: number;
  try {
    size = (await stat(source)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, target);
  return size;
}
