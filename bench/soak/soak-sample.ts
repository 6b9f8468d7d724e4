import { rssBytes } from '../tools/proc-memory';
import { Service } from '../tools/service-launcher';
import { readStats } from '../tools/stats-page';
import { LoadCounts } from './mixed-load';

/** One sample of the soaked process. */
export interface SoakSample {
  readonly seconds: number;
  /** From /proc/<pid>/status. */
  readonly rssBytes: number;
  /** `ratelimit.node.heapUsed` / `heapTotal` on the debug listener's /stats (sampled every 5 s). */
  readonly heapUsedBytes?: number;
  readonly heapTotalBytes?: number;
  /** Lines of /stats: grows when statistics are created per value without a bound. */
  readonly statistics: number;
  readonly evicted: number;
  readonly grpc: number;
  readonly json: number;
  readonly errors: number;
  readonly keysTouched: number;
}

export async function takeSample(
  service: Service,
  seconds: number,
  counts: LoadCounts,
  keysTouched: number,
): Promise<SoakSample> {
  const stats = await readStats(service.debugUrl);
  return {
    seconds,
    rssBytes: rssBytes(service.pid),
    heapUsedBytes: stats.get('ratelimit.node.heapUsed'),
    heapTotalBytes: stats.get('ratelimit.node.heapTotal'),
    statistics: stats.size,
    evicted: stats.get('ratelimit.memory_store.evicted') ?? 0,
    grpc: counts.grpc,
    json: counts.json,
    errors: counts.errors,
    keysTouched,
  };
}
