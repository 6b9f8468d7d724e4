import { basename, dirname, resolve } from 'node:path';
import { ruleDirectory, RuleFilesLayout } from './rule-files.reader';

/** What the file watcher observes, and which of that directory's events mean "reload". */
export interface RuleWatchTarget {
  /** The directory handed to `fs.watch` (absolute). */
  readonly directory: string;
  /** Whether an event naming this entry reloads; `null` when the platform gives no name. */
  readonly accepts: (entry: string | null) => boolean;
  /** For logs: what a change looks like in this mode. */
  readonly description: string;
}

/**
 * docs/rule-reload.md#two-modes-runtime_watch_root. Symlink mode watches the parent of RUNTIME_ROOT
 * for events on RUNTIME_ROOT's own name, so only swapping the root (`ln -sfn new tmp && mv -T tmp
 * current`) reloads; edits below it do not, as upstream. Directory mode watches the rule directory
 * and reloads on any event in it: Node reports create, remove and rename as 'rename' and write and
 * chmod as 'change', and a Kubernetes ConfigMap update is a rename of `..data` in that directory.
 */
export function ruleWatchTarget(layout: RuleFilesLayout): RuleWatchTarget {
  if (layout.watchRoot) {
    const root = resolve(layout.root);
    const name = basename(root);
    return {
      directory: dirname(root),
      // Without a name (not on Linux) the event cannot be told apart; a spare reload is harmless.
      accepts: (entry) => entry === null || entry === name,
      description: `swaps of ${root}`,
    };
  }
  const directory = resolve(ruleDirectory(layout));
  return { directory, accepts: () => true, description: `changes in ${directory}` };
}
