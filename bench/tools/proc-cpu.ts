import { readFileSync } from 'node:fs';
import { grpcClosedLoop } from './grpc-closed-loop';
import type { Figure } from '../report/row';
import { LoadResult } from './load-result';

/** CPU seconds (user + system) the process has used, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the name), in ticks
  // of 1/100 s (USER_HZ on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A load run with what it cost the serving process. */
export interface CpuLoadResult extends LoadResult {
  /** Answered calls per second of the service's own CPU (user + system). */
  readonly perCpuSecond: number;
}

/**
 * A gRPC closed loop against a warm service, with the service's CPU time over it: calls per CPU
 * second do not depend on how much of the shared machine the service got, which throughput does
 * (the client and other work take the rest), so on a busy machine this is the steadier figure.
 * Includes what the process does besides answering (timers, samplers), as a cost should.
 */
export function grpcLoadWithCpu(
  pid: number,
  url: string,
  frame: Buffer,
  seconds: number,
): Promise<CpuLoadResult> {
  return withCpu(pid, seconds, () =>
    grpcClosedLoop({ url, frame, seconds, connections: 4, inFlight: 16, warmUpSeconds: 0 }),
  );
}

/**
 * Any load run of `seconds` against the process `pid`, with that process's CPU time over it (all
 * its threads: a garbage collector's helper thread takes the core the load generator needs).
 */
export async function withCpu(
  pid: number,
  seconds: number,
  run: () => Promise<LoadResult>,
): Promise<CpuLoadResult> {
  const before = cpuSeconds(pid);
  const load = await run();
  const cpu = cpuSeconds(pid) - before;
  return { ...load, perCpuSecond: cpu > 0 ? (load.requestsPerSecond * seconds) / cpu : 0 };
}

export const perCpu = (run: CpuLoadResult): Figure => ({
  value: run.perCpuSecond,
  unit: 'req/CPU-s',
});

/** Microseconds of service CPU per call, for notes. */
export const cpuMicros = (run: CpuLoadResult): string =>
  run.perCpuSecond > 0 ? (1e6 / run.perCpuSecond).toFixed(1) : '?';
