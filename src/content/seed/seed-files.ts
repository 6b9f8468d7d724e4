import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { emptySeedDocument, parseSeedDocument, type SeedDocument } from './seed-document';

const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/** Thrown with every problem of the content files (syntax, shape). */
export class SeedFileError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid content files:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SeedFileError';
  }
}

/** The content files of a directory: `*.yaml`, `*.yml` and `*.json` directly in it, in name order. */
export function seedFileNames(directory: string): string[] {
  if (!existsSync(directory) || !statSync(directory).isDirectory()) return [];
  return readdirSync(directory)
    .filter((name) => EXTENSIONS.has(extname(name).toLowerCase()))
    .filter((name) => statSync(join(directory, name)).isFile())
    .sort();
}

/** Reads and checks every content file of the directory into one document. */
export function readSeedDirectory(directory: string): { document: SeedDocument; files: number } {
  const names = seedFileNames(directory);
  const document = emptySeedDocument();
  const problems: string[] = [];
  for (const name of names) {
    const path = join(directory, name);
    let raw: unknown;
    try {
      const text = readFileSync(path, 'utf8');
      raw = extname(name).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      problems.push(`${basename(path)}: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    parseSeedDocument(raw, name, directory, document, problems);
  }
  if (problems.length > 0) throw new SeedFileError(problems);
  return { document, files: names.length };
}
