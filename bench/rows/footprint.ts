import { Fleet } from '../fleet';
import { Row } from '../report/row';
import { BENCH } from '../settings';
import { fillDistinctKeys } from '../tools/key-fill';
import { median } from '../tools/median';
import { rssBytes, toMB } from '../tools/proc-memory';
import { modulesHonoured } from '../tools/probe';
import { launchService, shapeLabel, SHAPES } from '../tools/service-launcher';
import { readStats } from '../tools/stats-page';
import { benchRules } from '../tools/rule-files';

const BOOT_MB = 90;
const HEALTHY_S = 1;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 13's process figures for `MODULES=ratelimit`, each boot a fresh process while nothing is
 * loaded: time from spawn to the first `/healthcheck` 200 and RSS one second later (medians of
 * BENCH_BOOTS boots), then RSS after BENCH_KEYS distinct keys through gRPC into the memory store
 * of the last one. With the fleet, the default process's boot figures as information.
 */
export async function footprintRows(fleet: Fleet | undefined): Promise<Row[]> {
  const rules = benchRules('bench.yaml');
  const shape = shapeLabel('ratelimit');
  const readyMs: number[] = [];
  const bootRss: number[] = [];
  const rows: Row[] = [];
  for (let boot = 0; boot < BENCH.boots; boot++) {
    const service = await launchService({
      label: `boot ${boot + 1}`,
      shape: 'ratelimit',
      env: { ...rules, BACKEND_TYPE: 'memory', STATS_FLUSH_INTERVAL: '1s' },
    });
    try {
      readyMs.push(service.readyMs);
      await settle(1000);
      bootRss.push(rssBytes(service.pid));
      if (boot < BENCH.boots - 1) continue;
      const honoured = await modulesHonoured(service);
      const seconds = await fillDistinctKeys(service.grpcUrl, BENCH.keys);
      await settle(2000);
      const filled = rssBytes(service.pid);
      const stats = await readStats(service.debugUrl);
      const hits = stats.get('ratelimit.service.rate_limit.bench.tenant.total_hits');
      const evicted = stats.get('ratelimit.memory_store.evicted') ?? 0;
      const heapUsed = stats.get('ratelimit.node.heapUsed');
      const perKey = (filled - bootRss[bootRss.length - 1]) / BENCH.keys;
      rows.push(
        {
          group: 'footprint',
          measure: 'time from spawn to /healthcheck 200',
          shape,
          ours: { value: median(readyMs) / 1000, unit: 's' },
          goal: `≤ ${HEALTHY_S} s`,
          verdict: median(readyMs) / 1000 <= HEALTHY_S ? 'met' : 'missed',
          note: `median of ${BENCH.boots} boots: ${readyMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s${honoured ? '' : '; MODULES not honoured by this build'}`,
        },
        {
          group: 'footprint',
          measure: 'RSS after boot (1 s after healthy)',
          shape,
          ours: { value: toMB(median(bootRss)), unit: 'MB' },
          goal: `≤ ${BOOT_MB} MB`,
          verdict: toMB(median(bootRss)) <= BOOT_MB ? 'met' : 'missed',
          note: `median of ${BENCH.boots} boots; MB = 10^6 bytes`,
        },
        {
          group: 'footprint',
          measure: `RSS after ${BENCH.keys} distinct keys, memory store (day window)`,
          shape,
          ours: { value: toMB(filled), unit: 'MB' },
          verdict: 'info',
          note: `${perKey.toFixed(0)} B/key over boot; filled over gRPC in ${seconds.toFixed(1)} s${seconds > 60 ? ' (over the 60 s budget)' : ''}; total_hits ${hits ?? '?'}, evicted ${evicted}; heap used ${heapUsed === undefined ? '?' : toMB(heapUsed).toFixed(0)} MB (no forced GC)`,
        },
      );
    } finally {
      await service.stop();
    }
  }
  if (fleet?.services) {
    for (const store of ['memory', 'redis'] as const) {
      for (const processShape of SHAPES) {
        const booted = fleet.services[store][processShape];
        rows.push({
          group: 'footprint',
          measure: `boot of the ${store}-store bench process (fresh DATA_DIR): to healthy; RSS 1 s later`,
          shape: shapeLabel(processShape),
          ours: { value: booted.service.readyMs / 1000, unit: 's' },
          verdict: 'info',
          note: `RSS ${toMB(booted.bootRss).toFixed(1)} MB`,
        });
      }
    }
  }
  return rows;
}
