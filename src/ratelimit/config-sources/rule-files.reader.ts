import { Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RuleConfigError } from '../rules/document';

export interface RuleFile {
  /** The file's label in error messages: its path below the watched tree, `/` replaced by `.`. */
  readonly name: string;
  readonly text: string;
}

export interface RuleFilesLayout {
  readonly root: string;
  readonly subdirectory: string;
  readonly appDirectory: string;
  /**
   * Symlink mode labels files `config.basic.yaml`; directory mode `basic.yaml`
   * (docs/rule-reload.md#two-modes-runtime_watch_root).
   */
  readonly watchRoot: boolean;
  readonly ignoreDotFiles: boolean;
}

/** The directory holding the rule files. */
export function ruleDirectory(layout: RuleFilesLayout): string {
  return join(layout.root, layout.subdirectory, layout.appDirectory);
}

/**
 * Every regular file under the rule directory, recursively, sorted by label. All files are rules
 * whatever their extension, as upstream. Symlinked directories (Kubernetes' `..data`) are skipped:
 * the files they hold are also reachable through the top-level links. A file system error (a file
 * removed between listing and reading while a swap is under way, no permission) is a
 * RuleConfigError like a bad file: the load fails, is counted, and the rules in force stay.
 */
export function readRuleFiles(
  layout: RuleFilesLayout,
  warn: (message: string) => void,
): RuleFile[] {
  const directory = ruleDirectory(layout);
  let exists = false;
  try {
    exists = statSync(directory).isDirectory();
  } catch {
    exists = false;
  }
  if (!exists) {
    throw new RuleConfigError(`rule directory ${directory} does not exist or is not a directory`);
  }
  const labelPrefix = layout.watchRoot ? `${layout.appDirectory}.` : '';
  const files: RuleFile[] = [];
  const walk = (path: string, label: string) => {
    for (const entry of listDirectory(path)) {
      if (layout.ignoreDotFiles && entry.name.startsWith('.')) continue;
      const entryPath = join(path, entry.name);
      const entryLabel = label + entry.name;
      let isDirectory = entry.isDirectory();
      if (entry.isSymbolicLink()) {
        try {
          if (statSync(entryPath).isDirectory()) {
            warn(`skipping symlinked directory ${entryPath}`);
            continue;
          }
        } catch {
          warn(`skipping dangling symlink ${entryPath}`);
          continue;
        }
        isDirectory = false;
      }
      if (isDirectory) walk(entryPath, entryLabel + '.');
      else if (entry.isFile() || entry.isSymbolicLink()) {
        files.push({ name: entryLabel, text: readRuleFile(entryPath, entryLabel) });
      }
    }
  };
  walk(directory, labelPrefix);
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function listDirectory(path: string): Dirent[] {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch (error) {
    throw new RuleConfigError(`error reading rule directory ${path}: ${messageOf(error)}`);
  }
}

function readRuleFile(path: string, label: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new RuleConfigError(`${label}: error reading config file: ${messageOf(error)}`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
