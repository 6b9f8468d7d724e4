import { loadSettings } from '../../settings/settings.loader';
import { FakeScheduler } from './scheduler.fixtures';
import { StatsSink } from './sinks/stats-sink';
import { StatsExporter } from './exporter';
import { StatsRegistry } from './registry';
import { TimerObserver } from './timer';

/** Records what a flush hands the sink. */
class RecordingSink extends StatsSink {
  readonly description = 'recording';
  readonly wantsFlushes = true;
  readonly flushes: string[][] = [];
  private current: string[] = [];
  readonly observations: string[] = [];
  closed = false;

  counter(name: string, delta: number): void {
    this.current.push(`${name}:${delta}|c`);
  }
  gauge(name: string, value: number): void {
    this.current.push(`${name}:${value}|g`);
  }
  timerObserver(name: string): TimerObserver {
    return (ms) => this.observations.push(`${name}:${ms}|ms`);
  }
  endFlush(): void {
    this.flushes.push(this.current);
    this.current = [];
  }
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

function setUp() {
  const settings = loadSettings({ STATS_FLUSH_INTERVAL: '200ms' });
  const registry = new StatsRegistry();
  const sink = new RecordingSink();
  const scheduler = new FakeScheduler();
  const exporter = new StatsExporter(settings, registry, sink, scheduler);
  return { registry, sink, scheduler, exporter };
}

describe('StatsExporter', () => {
  it('flushes counter deltas every STATS_FLUSH_INTERVAL, skipping counters that did not move', async () => {
    const { registry, sink, scheduler, exporter } = setUp();
    const hits = registry.counter('a.total_hits');
    const over = registry.counter('a.over_limit');
    await exporter.onApplicationBootstrap();
    hits.add(5);
    over.add(2);
    scheduler.advance(199);
    expect(sink.flushes).toEqual([]);
    scheduler.advance(1);
    expect(sink.flushes).toEqual([['a.total_hits:5|c', 'a.over_limit:2|c']]);
    hits.add(3);
    scheduler.advance(200);
    expect(sink.flushes[1]).toEqual(['a.total_hits:3|c']);
    scheduler.advance(200);
    expect(sink.flushes[2]).toEqual([]);
  });

  it('sends every gauge at every flush', async () => {
    const { registry, sink, scheduler, exporter } = setUp();
    let size = 7;
    registry.gauge('cache.entryCount', () => size);
    await exporter.onApplicationBootstrap();
    scheduler.advance(200);
    size = 9;
    scheduler.advance(200);
    expect(sink.flushes).toEqual([['cache.entryCount:7|g'], ['cache.entryCount:9|g']]);
  });

  it('hands the sink every timer observation, for timers made before and after it', () => {
    const { registry, sink } = setUp();
    registry.timer('ratelimit_server.Check.response_time').record(3);
    // The exporter was built in setUp; this timer is created after it.
    const late = registry.timer('ratelimit_server.ShouldRateLimit.response_time');
    late.record(1.5);
    expect(sink.observations).toEqual([
      'ratelimit_server.Check.response_time:3|ms',
      'ratelimit_server.ShouldRateLimit.response_time:1.5|ms',
    ]);
  });

  it('flushes once more and closes the sink at shutdown', async () => {
    const { registry, sink, scheduler, exporter } = setUp();
    await exporter.onApplicationBootstrap();
    registry.counter('a').add(4);
    await exporter.onApplicationShutdown();
    expect(sink.flushes).toEqual([['a:4|c']]);
    expect(sink.closed).toBe(true);
    expect(scheduler.pending).toBe(0);
  });

  it('leaves out a gauge whose sampling throws and sends the rest', async () => {
    const { registry, sink, scheduler, exporter } = setUp();
    registry.gauge('broken', () => {
      throw new Error('sample failed');
    });
    registry.gauge('fine', () => 1);
    await exporter.onApplicationBootstrap();
    scheduler.advance(400);
    expect(sink.flushes).toEqual([['fine:1|g'], ['fine:1|g']]);
  });

  it('survives a sink that throws', async () => {
    const { registry, sink, scheduler, exporter } = setUp();
    sink.counter = () => {
      throw new Error('sink failed');
    };
    registry.counter('a').inc();
    await exporter.onApplicationBootstrap();
    expect(() => scheduler.advance(200)).not.toThrow();
  });
});
