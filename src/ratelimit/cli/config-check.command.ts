import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StatsRegistry } from '../../infra/stats/registry';
import { RuleStatsFactory } from '../stats/rule-stats';
import { compileRules, NamedRuleDocument } from '../rules/compiler';
import { parseRuleFile } from '../rules/rule-file.parser';
import { CliOutput, EXIT_USAGE, fileErrorReason, messageOf, readCommandLine } from './cli-runtime';
import { boolFlag, stringFlag } from '../../infra/cli/go-flags';

export const CONFIG_CHECK_PROGRAM = 'ratelimit-config-check';

const FLAGS = {
  config_dir: stringFlag('', 'path to directory containing rate limit configs'),
  merge_domain_configs: boolFlag('whether to merge configurations, referencing the same domain'),
};

interface RuleFileText {
  /** The directory joined with the file name: the label in every error message. */
  readonly path: string;
  readonly text: string;
}

/**
 * Upstream's config_check_cmd: loads every file of one directory the way the service would and
 * reports the first error. Report lines go to stdout as upstream prints them; only command line
 * errors go to stderr.
 */
export function configCheck(argv: readonly string[], output: CliOutput): number {
  const flags = readCommandLine(CONFIG_CHECK_PROGRAM, FLAGS, argv, output);
  if (flags === undefined) return EXIT_USAGE;
  const directory = flags.config_dir;
  output.out('checking rate limit configs...');
  output.out(`loading config directory: ${directory}`);
  const files = readRuleFiles(directory, output);
  if (files === undefined) return 1;
  try {
    const stats = new RuleStatsFactory(new StatsRegistry());
    const documents: NamedRuleDocument[] = files.map(({ path, text }) => ({
      name: path,
      document: parseRuleFile(path, text),
    }));
    compileRules(documents, {
      mergeDomainConfig: flags.merge_domain_configs,
      statsFor: (key) => stats.forKey(key),
    });
  } catch (error) {
    // Unlike upstream, parse and key errors are reported here too instead of crashing the tool.
    output.out(`error loading rate limit configs: ${messageOf(error)}`);
    return 1;
  }
  output.out('all rate limit configs ok');
  return 0;
}

/**
 * The regular files directly in the directory, by name. Subdirectories are skipped with a note:
 * the service reads them recursively, but upstream's tool only looks at one level.
 */
function readRuleFiles(directory: string, output: CliOutput): RuleFileText[] | undefined {
  let names: string[];
  try {
    names = readdirSync(directory).sort(byCodePoint);
  } catch (error) {
    output.out(`error opening directory ${directory}: ${fileErrorReason(error)}`);
    return undefined;
  }
  const files: RuleFileText[] = [];
  for (const name of names) {
    // Go's filepath.Join: `dir/` and `./dir` give the same clean labels.
    const path = join(directory, name);
    try {
      // stat follows symbolic links, so a link to a file counts as a file.
      if (!statSync(path).isFile()) {
        output.out(`skipping ${path}: not a regular file`);
        continue;
      }
      output.out(`opening config file: ${path}`);
      files.push({ path, text: readFileSync(path, 'utf8') });
    } catch (error) {
      output.out(`error reading file ${path}: ${fileErrorReason(error)}`);
      return undefined;
    }
  }
  return files;
}

/** Go sorts directory entries by byte order; locale-aware sorting would differ. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
