import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary RUNTIME_ROOT holding the given files under `ratelimit/config/`; returns its env. */
export function ruleDirectory(files: Record<string, string>): Record<string, string> {
  const root = mkdtempSync(join(tmpdir(), 'rules-'));
  const directory = join(root, 'ratelimit', 'config');
  mkdirSync(directory, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
  return { RUNTIME_ROOT: root, RUNTIME_SUBDIRECTORY: 'ratelimit', RUNTIME_APPDIRECTORY: 'config' };
}
