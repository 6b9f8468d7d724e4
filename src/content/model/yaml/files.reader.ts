import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ModelFile {
  /** The path below the project directory with `/` separators: messages name files by it. */
  readonly name: string;
  readonly text: string;
}

const YAML_FILE = /\.ya?ml$/i;

/**
 * Every `*.yaml` / `*.yml` file below `directory`, recursively, sorted by name. Names starting
 * with a dot are skipped: editors' temporary files, and Kubernetes' `..data` folder of a mounted
 * ConfigMap, whose files are also reachable through the top-level links. Throws when the
 * directory cannot be read (the caller reports it like any other problem).
 */
export function readModelFiles(directory: string): ModelFile[] {
  const root = resolve(directory);
  let isDirectory = false;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch {
    isDirectory = false;
  }
  if (!isDirectory) {
    throw new Error(`content project directory ${root} does not exist or is not a directory`);
  }
  const files: ModelFile[] = [];
  // A symlinked directory pointing back up the tree must not make the walk endless.
  const visited = new Set<string>();
  const walk = (path: string, prefix: string) => {
    const real = realpathSync(path);
    if (visited.has(real)) return;
    visited.add(real);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const entryPath = join(path, entry.name);
      // Follow symlinks (ConfigMap files are links): stat tells what they point at.
      const stats = entry.isSymbolicLink() ? statSync(entryPath, { throwIfNoEntry: false }) : entry;
      if (stats === undefined) continue;
      if (stats.isDirectory()) walk(entryPath, `${prefix}${entry.name}/`);
      else if (stats.isFile() && YAML_FILE.test(entry.name)) {
        files.push({ name: prefix + entry.name, text: readFileSync(entryPath, 'utf8') });
      }
    }
  };
  walk(root, '');
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
