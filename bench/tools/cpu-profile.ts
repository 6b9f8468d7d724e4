/** The parts of a V8 `.cpuprofile` (Chrome DevTools format) the summary reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
    };
    readonly hitCount?: number;
  }[];
}

export interface Share {
  readonly name: string;
  /** Share of all samples, 0 to 1. */
  readonly share: number;
}

export interface ProfileSummary {
  readonly samples: number;
  /** Self time by where the code lives: GC, idle, a package, node internals, our directories. */
  readonly buckets: readonly Share[];
  /** Self time by function (`name file:line`). */
  readonly functions: readonly Share[];
}

/**
 * Where a sample's code lives: a V8 pseudo-frame (`(garbage collector)`, `(idle)`, `(program)`),
 * a builtin without a script (`(native)`), a Node module (`node: http2`), a package under
 * node_modules, or our code by its first two directories under the build's root
 * (`ours: ratelimit/transport`).
 */
export function bucketOf(frame: CpuProfile['nodes'][number]['callFrame']): string {
  if (frame.functionName.startsWith('(')) return frame.functionName;
  const url = frame.url;
  if (url === '') return '(native)';
  const internal = /^node:(?:internal\/)?([^/]+)/.exec(url);
  if (internal) return `node: ${internal[1]}`;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  const ours = /\/dist\/(?:src\/)?(.*)$/.exec(url);
  if (ours) {
    const directories = ours[1].split('/').slice(0, -1).slice(0, 2);
    return `ours: ${directories.join('/') || ours[1]}`;
  }
  return url;
}

export function summarize(profile: CpuProfile, top = 15): ProfileSummary {
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let samples = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    samples += hits;
    const frame = node.callFrame;
    const bucket = bucketOf(frame);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + hits);
    const file = frame.url.replace(/^.*\/(node_modules|dist)\//, '$1/');
    const name = `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + hits);
  }
  const ranked = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, share: samples === 0 ? 0 : hits / samples }));
  return { samples, buckets: ranked(buckets), functions: ranked(functions) };
}

export const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
