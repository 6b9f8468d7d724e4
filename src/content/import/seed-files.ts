import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { parseContentYaml } from './content-yaml';
import {
  emptySeedDocument,
  parseSeedDocument,
  SEED_KINDS,
  type SeedDocument,
} from './seed-document';

const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/** Thrown with every problem of the content files (syntax, shape). */
export class SeedFileError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid content files:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SeedFileError';
  }
}

/** One content file to read: its path and the name messages give it. */
export interface ContentFile {
  readonly path: string;
  readonly label: string;
}

export const isContentFileName = (name: string): boolean =>
  EXTENSIONS.has(extname(name).toLowerCase());

/** The content files of a directory: `*.yaml`, `*.yml` and `*.json` directly in it, in name order. */
export function seedFileNames(directory: string): string[] {
  if (!existsSync(directory) || !statSync(directory).isDirectory()) return [];
  return readdirSync(directory)
    .filter(isContentFileName)
    .filter((name) => statSync(join(directory, name)).isFile())
    .sort();
}

/** Reads and checks one content file into a document of its own; undefined: it does not parse. */
export function readContentFile(
  { path, label }: ContentFile,
  problems: string[],
): SeedDocument | undefined {
  let raw: unknown;
  try {
    const text = readFileSync(path, 'utf8');
    raw = extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseContentYaml(text);
  } catch (error) {
    problems.push(`${label}: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
  const document = emptySeedDocument();
  parseSeedDocument(raw, label, dirname(path), document, problems);
  return document;
}

/**
 * Reads and checks content files into one document, in the given order. A file's asset files
 * are found relative to its own directory. Every problem of every file is thrown together.
 */
export function readContentFiles(files: readonly ContentFile[]): SeedDocument {
  const document = emptySeedDocument();
  const problems: string[] = [];
  for (const file of files) {
    const one = readContentFile(file, problems);
    if (one === undefined) continue;
    for (const kind of SEED_KINDS) {
      for (const item of one[kind]) (document[kind] as unknown[]).push(item);
    }
  }
  if (problems.length > 0) throw new SeedFileError(problems);
  return document;
}

/** Reads and checks every content file of the directory into one document. */
export function readSeedDirectory(directory: string): { document: SeedDocument; files: number } {
  const names = seedFileNames(directory);
  const document = readContentFiles(
    names.map((name) => ({ path: join(directory, name), label: name })),
  );
  return { document, files: names.length };
}
