import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../test/support/service-process';

/** The service built from another commit, to be measured side by side with this build. */
export interface BaselineBuild {
  /** As asked (`HEAD~1`, a branch, a sha) and what it resolved to. */
  readonly ref: string;
  readonly commit: string;
  /** `<short sha> <subject>`, for the notes. */
  readonly describe: string;
  /** The checkout the process runs in (its cwd) and its dist/main.js. */
  readonly root: string;
  readonly main: string;
  /** Removes the worktree (a no-op for a build given by BENCH_BASELINE_MAIN). */
  readonly remove: () => Promise<void>;
}

export type BaselineOutcome =
  { readonly build: BaselineBuild } | { readonly ref: string; readonly problem: string };

const run = promisify(execFile);
const git = async (args: string[], cwd = PROJECT_ROOT) =>
  (await run('git', args, { cwd, maxBuffer: 16 * 1024 * 1024 })).stdout.trim();

/**
 * Checks `ref` out into a temporary git worktree, links this project's node_modules into it and
 * builds it with `nest build` (the same compiler and dependencies as this build, so the two
 * differ only by their sources). A ref that does not resolve or a build that fails is a problem
 * to report, not an exception: the rows that need the baseline say so and the bench goes on.
 * `BENCH_BASELINE_MAIN` names an existing build's main.js instead (no checkout, no build).
 */
export async function buildBaseline(
  ref: string,
  progress: (text: string) => void,
): Promise<BaselineOutcome> {
  const givenMain = process.env.BENCH_BASELINE_MAIN;
  if (givenMain) {
    const main = resolve(PROJECT_ROOT, givenMain);
    if (!existsSync(main)) return { ref, problem: `BENCH_BASELINE_MAIN ${main} does not exist` };
    const root = dirname(dirname(main));
    const commit = await git(['rev-parse', 'HEAD'], root).catch(() => 'unknown');
    return {
      build: {
        ref: main,
        commit,
        describe: `${commit.slice(0, 7)} (BENCH_BASELINE_MAIN)`,
        root,
        main,
        remove: () => Promise.resolve(),
      },
    };
  }
  let commit: string;
  let describe: string;
  try {
    commit = await git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`]);
    describe = await git(['log', '-1', '--format=%h %s', commit]);
  } catch (error) {
    return { ref, problem: `${ref} does not name a commit: ${firstLine(error)}` };
  }
  const root = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
  let removed = false;
  // Also on an exception that ends the bench: a worktree left registered is clutter in the
  // shared repository (`git worktree prune` would only drop it once the directory is gone).
  const removeNow = () => {
    if (removed) return;
    removed = true;
    try {
      execFileSync('git', ['worktree', 'remove', '--force', root], {
        cwd: PROJECT_ROOT,
        stdio: 'ignore',
      });
    } catch {
      // not registered (the add failed): the directory is all there is
    }
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', removeNow);
  try {
    progress(`baseline: git worktree of ${ref} (${describe}) in ${root}`);
    await git(['worktree', 'add', '--detach', root, commit]);
    symlinkSync(realpathSync(join(PROJECT_ROOT, 'node_modules')), join(root, 'node_modules'));
    progress('baseline: nest build');
    await run(join(root, 'node_modules', '.bin', 'nest'), ['build'], {
      cwd: root,
      timeout: 15 * 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const main = join(root, 'dist', 'main.js');
    if (!existsSync(main)) throw new Error('the build wrote no dist/main.js');
    return {
      build: { ref, commit, describe, root, main, remove: () => Promise.resolve(removeNow()) },
    };
  } catch (error) {
    removeNow();
    return { ref, problem: `baseline ${describe} could not be built: ${buildOutput(error)}` };
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').find((line) => line.trim() !== '') ?? text;
}

/** The compiler's complaint (how many errors, the first one), else the error's first line. */
function buildOutput(error: unknown): string {
  const output = error as { stdout?: string; stderr?: string };
  // nest build colours its diagnostics even into a pipe.
  // eslint-disable-next-line no-control-regex
  const text = `${output.stdout ?? ''}\n${output.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
  const lines = text.split('\n').map((line) => line.trim());
  const first = lines.find((line) => /error TS\d+/.test(line));
  const found = lines.find((line) => /^Found \d+ errors?/.test(line));
  if (first) return `${found ? `${found.replace(/\.$/, '')}, the first: ` : ''}${first}`;
  return lines.find((line) => line !== '') ?? firstLine(error);
}
