import { BENCH } from './settings';
import { BaselineBuild, buildBaseline } from './tools/baseline-build';
import { contentFixture } from './tools/content-fixture';
import { benchRules } from './tools/rule-files';
import { launchService, Service } from './tools/service-launcher';

export const ADMIN_PASSWORD = 'bench-admin-secret';

/** Which build a side runs: this checkout's dist/ or the baseline commit's. */
export type Side = 'current' | 'baseline';

/**
 * The two processes of the content and Teams rows: this build and the baseline commit's build,
 * both in the default process shape on the memory store with the same content (the demo plus
 * the bench articles) and the same admin, each with its own fresh DATA_DIR. When the baseline
 * cannot be built or started, `baseline` is undefined and `baselineProblem` says why.
 */
export interface ApiFleet {
  readonly current: Service;
  readonly baseline?: Service;
  readonly baselineProblem?: string;
  /** The settings both builds run with (content, rules, store, admin). */
  readonly env: Readonly<Record<string, string>>;
  readonly notes: string[];
  stop(): Promise<void>;
}

export async function startApiFleet(progress: (text: string) => void): Promise<ApiFleet> {
  const stoppers: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const stopper of stoppers.reverse()) await stopper();
  };
  try {
    const notes: string[] = [];
    const content = contentFixture();
    stoppers.push(content.remove);
    const env = {
      ...benchRules('bench.yaml'),
      ...content.env,
      BACKEND_TYPE: 'memory',
      ADMIN_PASSWORD,
    };
    let baselineBuild: BaselineBuild | undefined;
    let baselineProblem: string | undefined;
    if (BENCH.baselineRef === 'none') baselineProblem = 'BENCH_BASELINE_REF=none';
    else {
      const outcome = await buildBaseline(BENCH.baselineRef, progress);
      if ('build' in outcome) {
        baselineBuild = outcome.build;
        stoppers.push(outcome.build.remove);
      } else baselineProblem = outcome.problem;
    }
    // One after the other: two first boots (migrations, the seed) at once on a 2-core machine
    // would only slow both.
    progress('api rows: starting this build');
    const current = await launchService({ label: 'api current', shape: 'default', env });
    stoppers.push(current.stop);
    let baseline: Service | undefined;
    if (baselineBuild) {
      progress(`api rows: starting the baseline ${baselineBuild.describe}`);
      try {
        baseline = await launchService({
          label: 'api baseline',
          shape: 'default',
          env,
          build: { main: baselineBuild.main, root: baselineBuild.root },
        });
        stoppers.push(baseline.stop);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        baselineProblem = `baseline ${baselineBuild.describe} did not start: ${reason.split('\n')[0]}`;
      }
      notes.push(
        `content and Teams rows: baseline = ${baselineBuild.ref} = ${baselineBuild.describe}`,
      );
    }
    if (baselineProblem) notes.push(`content and Teams rows: no baseline (${baselineProblem})`);
    return { current, baseline, baselineProblem, env, notes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
