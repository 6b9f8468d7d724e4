import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ruleDirectory } from '../../test/support/rule-dir';
import { PROJECT_ROOT } from '../../test/support/service-process';

/** A rule file of bench/rules. */
export const ruleFile = (name: string) =>
  readFileSync(join(PROJECT_ROOT, 'bench', 'rules', name), 'utf8');

/**
 * A temporary rule directory holding the named files of bench/rules, removed when this process
 * exits; returns the service's RUNTIME_* settings for it.
 */
export function benchRules(...names: string[]): Record<string, string> {
  const env = ruleDirectory(Object.fromEntries(names.map((name) => [name, ruleFile(name)])));
  process.once('exit', () => rmSync(env.RUNTIME_ROOT, { recursive: true, force: true }));
  return env;
}
