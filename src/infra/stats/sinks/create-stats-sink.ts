import { Logger } from '@nestjs/common';
import { SystemClock } from '../../clock/clock';
import { ThrottledWarning } from '../../counters/memcached/throttled-log';
import { Settings } from '../../../settings/settings';
import { Scheduler } from '../scheduler';
import { Tag } from './stat-name';
import { NullSink, StatsSink } from './stats-sink';
import { compileMogrifiers } from './statsd/mogrifier';
import { dogStatsdFormat, plainStatsdFormat } from './statsd/statsd-format';
import { StatsdSink } from './statsd/statsd-sink';
import { StatsdTransport, StatsdWriter } from './statsd/statsd-writer';
import { TcpTransport } from './statsd/tcp-transport';
import { UdpTransport } from './statsd/udp-transport';

export type SinkChoice = 'none' | 'dogstatsd' | 'statsd' | 'prometheus';

/** A datagram that fits a 1500-byte Ethernet MTU after IP and UDP headers, as statsd clients use. */
export const UDP_PAYLOAD_BYTES = 1432;
const TCP_PAYLOAD_BYTES = 64 * 1024;

/**
 * docs/observability.md#choosing-the-sink, in its order: DISABLE_STATS first, then DogStatsD,
 * statsd, Prometheus. The settings loader has already refused two sinks at once.
 */
export function chooseSink(stats: Settings['stats']): SinkChoice {
  if (stats.disabled) return 'none';
  if (stats.useDogStatsd) return 'dogstatsd';
  if (stats.useStatsd) return 'statsd';
  if (stats.usePrometheus) return 'prometheus';
  return 'none';
}

/** The sink; prom-client is loaded only when Prometheus is the one chosen. */
export async function createStatsSink(
  settings: Settings,
  scheduler: Scheduler,
): Promise<StatsSink> {
  const { stats } = settings;
  const extraTags: Tag[] = Object.entries(stats.extraTags);
  const logger = new Logger('Stats');
  const warning = new ThrottledWarning(logger, new SystemClock());
  const { statsdHost: host, statsdPort: port } = stats;
  const writer = (transport: StatsdTransport, payloadBytes: number) =>
    new StatsdWriter(transport, payloadBytes, scheduler);
  switch (chooseSink(stats)) {
    case 'dogstatsd':
      // The Datadog agent listens on UDP only: STATSD_PROTOCOL applies to plain statsd.
      return new StatsdSink(
        `DogStatsD (udp ${host}:${port})`,
        dogStatsdFormat(extraTags, compileMogrifiers(settings.dogStatsdMogrifiers)),
        writer(new UdpTransport(host, port, warning), UDP_PAYLOAD_BYTES),
      );
    case 'statsd': {
      const udp = stats.statsdProtocol === 'udp';
      return new StatsdSink(
        `statsd (${stats.statsdProtocol} ${host}:${port})`,
        plainStatsdFormat(extraTags),
        udp
          ? writer(new UdpTransport(host, port, warning), UDP_PAYLOAD_BYTES)
          : writer(new TcpTransport(host, port, warning, scheduler), TCP_PAYLOAD_BYTES),
      );
    }
    case 'prometheus':
      if (stats.prometheusMapperYaml !== '') {
        throw new Error(
          `PROMETHEUS_MAPPER_YAML=${JSON.stringify(stats.prometheusMapperYaml)}: custom statsd_exporter mappings are not supported; unset it to use the built-in mapping (docs/observability.md)`,
        );
      }
      {
        const [{ PrometheusSink }, { builtInMapper }] = await Promise.all([
          import('./prometheus/prometheus-sink'),
          import('./prometheus/prometheus-mapping'),
        ]);
        return new PrometheusSink(
          builtInMapper(stats.prometheusResponseTimeAsMilliseconds),
          extraTags,
          (message) => logger.warn(message),
        );
      }
    case 'none':
      return new NullSink();
  }
}
