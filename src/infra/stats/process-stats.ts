import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Scheduled, Scheduler } from './scheduler';
import { StatsRegistry } from './registry';

const SCOPE = 'ratelimit.node';
const NS_PER_MS = 1e6;
/** Event loop delay sampling period (ms): a timer firing this often, cheap. */
const RESOLUTION_MS = 20;

/**
 * Process figures under `ratelimit.node.*`, our counterpart of upstream's `ratelimit.go.*` (Go
 * runtime memory and goroutines). Gauges: memory in bytes (rss, heapTotal, heapUsed, external,
 * arrayBuffers); event loop delay in milliseconds over the last period (eventLoopDelayMean, P99,
 * Max: how late a 20 ms timer ran); activeResources (handles and requests keeping the loop busy).
 * Counters: numGC, gcPauseTotalNs. Sampled once per period (the stats flush interval), not per read.
 */
export class ProcessStats {
  private readonly delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly gc: PerformanceObserver;
  private readonly sampling: Scheduled;
  private memory: NodeJS.MemoryUsage = process.memoryUsage();
  private delayMs = { mean: 0, p99: 0, max: 0 };
  private activeResources = 0;

  constructor(registry: StatsRegistry, periodMs: number, scheduler: Scheduler) {
    const gauge = (name: string, sample: () => number) =>
      registry.gauge(`${SCOPE}.${name}`, sample);
    gauge('rss', () => this.memory.rss);
    gauge('heapTotal', () => this.memory.heapTotal);
    gauge('heapUsed', () => this.memory.heapUsed);
    gauge('external', () => this.memory.external);
    gauge('arrayBuffers', () => this.memory.arrayBuffers);
    gauge('eventLoopDelayMean', () => this.delayMs.mean);
    gauge('eventLoopDelayP99', () => this.delayMs.p99);
    gauge('eventLoopDelayMax', () => this.delayMs.max);
    gauge('activeResources', () => this.activeResources);
    const numGC = registry.counter(`${SCOPE}.numGC`);
    const pauseNs = registry.counter(`${SCOPE}.gcPauseTotalNs`);
    this.gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        numGC.inc();
        // Whole nanoseconds as Go's pauseTotalNs: float deltas would print as 0.30000000000000004.
        pauseNs.add(Math.round(entry.duration * NS_PER_MS));
      }
    });
    this.gc.observe({ entryTypes: ['gc'] });
    this.delay.enable();
    this.sample();
    this.sampling = scheduler.every(periodMs, () => this.sample());
  }

  private sample(): void {
    this.memory = process.memoryUsage();
    this.activeResources = process.getActiveResourcesInfo().length;
    const { delay } = this;
    // The histogram holds the time between its timer's runs in ns (an idle loop shows the
    // resolution itself), and is empty until the timer has run: keep only the lateness.
    const late = (ns: number) => round(Math.max(0, ns / NS_PER_MS - RESOLUTION_MS));
    this.delayMs =
      delay.count > 0
        ? { mean: late(delay.mean), p99: late(delay.percentile(99)), max: late(delay.max) }
        : { mean: 0, p99: 0, max: 0 };
    delay.reset();
  }

  stop(): void {
    this.sampling.cancel();
    this.delay.disable();
    this.gc.disconnect();
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
