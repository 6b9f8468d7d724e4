import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RuleFiles = Record<string, string>;

/**
 * The upstream deployment layout for symlink mode: `<base>/current -> v1`, rules under
 * `v1/ratelimit/config/`. `swap` writes a new version next to it and atomically renames a new link
 * over `current` (`ln -sfn v2 current.tmp && mv -T current.tmp current`). RUNTIME_ROOT is `current`.
 */
export function symlinkRuntimeRoot(files: RuleFiles) {
  const base = mkdtempSync(join(tmpdir(), 'rules-swap-'));
  const current = join(base, 'current');
  let version = 0;
  const writeVersion = (versionFiles: RuleFiles): string => {
    const name = `v${++version}`;
    const directory = join(base, name, 'ratelimit', 'config');
    mkdirSync(directory, { recursive: true });
    for (const [file, text] of Object.entries(versionFiles)) {
      writeFileSync(join(directory, file), text);
    }
    return name;
  };
  symlinkSync(writeVersion(files), current);
  return {
    env: {
      RUNTIME_ROOT: current,
      RUNTIME_SUBDIRECTORY: 'ratelimit',
      RUNTIME_APPDIRECTORY: 'config',
      RUNTIME_WATCH_ROOT: 'true',
    },
    /** The rule directory the link points at now (for in-place edits). */
    currentDirectory: () => join(current, 'ratelimit', 'config'),
    swap(next: RuleFiles): void {
      const name = writeVersion(next);
      symlinkSync(name, join(base, 'current.tmp'));
      renameSync(join(base, 'current.tmp'), current);
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

/**
 * What the kubelet mounts for a ConfigMap, as the rule directory: `..<timestamp>/` holding the
 * files, `..data -> ..<timestamp>`, and `file -> ..data/file` for each key. `update` follows the
 * kubelet's atomic writer: write a new timestamped directory, rename a new `..data_tmp` link over
 * `..data`, add links for new keys, remove links of dropped keys and the old directory.
 */
export function configMapDirectory(files: RuleFiles) {
  const root = mkdtempSync(join(tmpdir(), 'rules-configmap-'));
  const directory = join(root, 'ratelimit', 'config');
  mkdirSync(directory, { recursive: true });
  let generation = 0;
  let keys: string[] = [];
  let previous: string | undefined;
  const write = (next: RuleFiles): void => {
    const timestamped = `..2024_01_01_00_00_0${generation++}.${100 + generation}`;
    mkdirSync(join(directory, timestamped));
    for (const [file, text] of Object.entries(next)) {
      writeFileSync(join(directory, timestamped, file), text);
    }
    symlinkSync(timestamped, join(directory, '..data_tmp'));
    renameSync(join(directory, '..data_tmp'), join(directory, '..data'));
    const nextKeys = Object.keys(next);
    for (const key of nextKeys) {
      if (!keys.includes(key)) symlinkSync(join('..data', key), join(directory, key));
    }
    for (const key of keys) if (!nextKeys.includes(key)) unlinkSync(join(directory, key));
    if (previous) rmSync(join(directory, previous), { recursive: true });
    previous = timestamped;
    keys = nextKeys;
  };
  write(files);
  return {
    env: {
      RUNTIME_ROOT: root,
      RUNTIME_SUBDIRECTORY: 'ratelimit',
      RUNTIME_APPDIRECTORY: 'config',
      RUNTIME_WATCH_ROOT: 'false',
      RUNTIME_IGNOREDOTFILES: 'true',
    },
    directory,
    update: write,
    entries: () => readdirSync(directory).sort(),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
