import { loadSettings } from '../../../settings/settings.loader';
import { FakeScheduler } from '../scheduler.fixtures';
import { chooseSink, createStatsSink } from './create-stats-sink';
import { PrometheusSink } from './prometheus/prometheus-sink';
import { NullSink } from './stats-sink';

const choice = (env: Record<string, string>) => chooseSink(loadSettings(env).stats);

describe('sink choice (docs/observability.md#dogstatsd-use_dog_statsdtrue)', () => {
  it('checks DISABLE_STATS first, then DogStatsD, statsd, Prometheus', () => {
    expect(choice({})).toBe('none');
    expect(choice({ DISABLE_STATS: 'true', USE_STATSD: 'true' })).toBe('none');
    expect(choice({ USE_DOG_STATSD: 'true' })).toBe('dogstatsd');
    expect(choice({ USE_STATSD: 'true' })).toBe('statsd');
    expect(choice({ USE_PROMETHEUS: 'true' })).toBe('prometheus');
  });

  it('builds the null and Prometheus sinks', async () => {
    const none = await createStatsSink(loadSettings({}), new FakeScheduler());
    expect(none).toBeInstanceOf(NullSink);
    expect(none.timerObserver('x')).toBeUndefined();
    const prometheus = await createStatsSink(
      loadSettings({ USE_PROMETHEUS: 'true' }),
      new FakeScheduler(),
    );
    expect(prometheus).toBeInstanceOf(PrometheusSink);
    await prometheus.close();
  });

  it('refuses a custom statsd_exporter mapping file, naming the variable', async () => {
    const settings = loadSettings({
      USE_PROMETHEUS: 'true',
      PROMETHEUS_MAPPER_YAML: '/etc/mapper.yaml',
    });
    await expect(createStatsSink(settings, new FakeScheduler())).rejects.toThrow(
      /^PROMETHEUS_MAPPER_YAML="\/etc\/mapper.yaml": custom statsd_exporter mappings are not supported/,
    );
  });
});
