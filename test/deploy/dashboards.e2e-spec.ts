import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { rateLimitClient, unary } from '../support/grpc-clients';
import { startRedis } from '../support/redis/servers';
import { ruleDirectory } from '../support/rule-dir';
import { PROJECT_ROOT, startService } from '../support/service-process';
import { promqlUse } from './promql-names';

const DASHBOARD = join(PROJECT_ROOT, 'deploy', 'grafana', 'ratelimit-dashboard.json');
const ALERTS = join(PROJECT_ROOT, 'deploy', 'prometheus', 'ratelimit-alerts.yaml');

/** Labels Prometheus adds to every scraped series (target labels), and its own `up` series. */
const TARGET_LABELS = new Set(['job', 'instance']);
const PROMETHEUS_SERIES = new Set(['up']);

const RULES = `
domain: dash
descriptors:
  - key: user
    rate_limit: {unit: hour, requests_per_unit: 2}
  - key: org
    descriptors:
      - key: plan
        rate_limit: {unit: hour, requests_per_unit: 1}
  - key: path
    shadow_mode: true
    rate_limit: {unit: hour, requests_per_unit: 1}
`;

interface Panel {
  type: string;
  id: number;
  title: string;
  description?: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string }[];
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  editable: boolean;
  graphTooltip: number;
  time: { from: string; to: string };
  templating: { list: { type: string; name: string }[] };
  annotations: { list: unknown[] };
  panels: Panel[];
}
interface AlertRule {
  alert: string;
  expr: string;
  labels: Record<string, string>;
  annotations: { summary: string; description: string };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
const alerts = (
  parse(readFileSync(ALERTS, 'utf8')) as { groups: { rules: AlertRule[] }[] }
).groups.flatMap((group) => group.rules);

/** Every PromQL expression of the dashboard and the alerts, with where it is. */
function expressions(): [string, string][] {
  return [
    ...dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map(
        (t) => [`panel "${panel.title}" ${t.refId}`, t.expr] as [string, string],
      ),
    ),
    ...dashboard.templating.list
      .filter((v) => v.type === 'query')
      .map(
        (v) =>
          [
            `variable ${v.name}`,
            // label_values(metric, label): the label must be on the metric.
            (v as unknown as { definition: string }).definition.replace(
              /^label_values\((\w+),\s*(\w+)\)$/,
              'group by ($2) ($1)',
            ),
          ] as [string, string],
      ),
    ...alerts.map((rule) => [`alert ${rule.alert}`, rule.expr] as [string, string]),
  ];
}

/** `name{a="1",b="2"} 3` lines to each metric's label names. */
function scrapedLabels(text: string): Map<string, Set<string>> {
  const metrics = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})?\s/.exec(line);
    if (match === null) continue;
    const labels = metrics.get(match[1]) ?? new Set<string>();
    for (const pair of (match[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) {
      labels.add(pair[1]);
    }
    metrics.set(match[1], labels);
  }
  return metrics;
}

describe('PromQL scan', () => {
  it('finds metric and label names, not functions, keywords, ranges or strings', () => {
    const use = promqlUse(
      'histogram_quantile(0.99, sum by (le, grpc_method) (rate(a_bucket{job=~"$job", x!="by(y)"}[$__rate_interval]))) > 3 * sum without (z) (rate(b_total[1h] offset 5m)) and on (q) c',
    );
    expect(use.metrics.sort()).toEqual(['a_bucket', 'b_total', 'c']);
    expect(use.matchers.get('a_bucket')).toEqual(['job', 'x']);
    expect(use.grouping.sort()).toEqual(['grpc_method', 'le', 'q', 'z']);
  });
});

describe('Grafana dashboard and Prometheus alerts', () => {
  it("has the classic dashboard model's required fields for its schemaVersion (39)", () => {
    expect(dashboard.schemaVersion).toBe(39);
    expect(typeof dashboard.uid).toBe('string');
    expect(typeof dashboard.title).toBe('string');
    expect(typeof dashboard.editable).toBe('boolean');
    expect([0, 1, 2]).toContain(dashboard.graphTooltip);
    expect(dashboard.time).toEqual({ from: expect.any(String), to: expect.any(String) });
    expect(Array.isArray(dashboard.annotations.list)).toBe(true);
    expect(dashboard.templating.list.find((v) => v.type === 'datasource')?.name).toBe('datasource');
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect([panel.title, typeof panel.type]).toEqual([panel.title, 'string']);
      for (const field of ['h', 'w', 'x', 'y'] as const) {
        expect([panel.title, field, typeof panel.gridPos[field]]).toEqual([
          panel.title,
          field,
          'number',
        ]);
      }
      expect(panel.gridPos.x + panel.gridPos.w).toBeLessThanOrEqual(24);
      if (panel.type === 'row') continue;
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.description).toEqual(expect.any(String));
      expect(panel.targets?.length).toBeGreaterThan(0);
      const refIds = panel.targets!.map((t) => t.refId);
      expect(new Set(refIds).size).toBe(refIds.length);
    }
  });

  it('has alerts with a severity, a summary and a description', () => {
    expect(alerts.map((a) => a.alert).sort()).toEqual(
      expect.arrayContaining([
        'RateLimitConfigReloadFailed',
        'RateLimitOverLimitSpike',
        'RateLimitServiceDown',
        'RateLimitStoreErrors',
      ]),
    );
    for (const rule of alerts) {
      expect([rule.alert, rule.labels.severity]).toEqual([
        rule.alert,
        expect.stringMatching(/^(critical|warning)$/),
      ]);
      expect(rule.annotations.summary).toEqual(expect.any(String));
      expect(rule.annotations.description).toEqual(expect.any(String));
    }
  });

  it('uses only metric names and labels the service exports with the Prometheus sink', async () => {
    const redis = await startRedis();
    const metricsPort = await freePort();
    const rules = ruleDirectory({ 'dash.yaml': RULES });
    const service = await startService({
      ...rules,
      MODULES: 'ratelimit',
      BACKEND_TYPE: 'redis',
      REDIS_URL: redis.url,
      LOCAL_CACHE_SIZE_IN_BYTES: '1048576',
      USE_PROMETHEUS: 'true',
      PROMETHEUS_ADDR: `127.0.0.1:${metricsPort}`,
    });
    const client = rateLimitClient(service.grpcAddress);
    const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const bad = join(rules.RUNTIME_ROOT, 'ratelimit', 'config', 'zz-bad.yaml');
    try {
      const call = (key: string, value: string) =>
        unary(client, 'ShouldRateLimit', {
          domain: 'dash',
          descriptors: [{ entries: [{ key, value }] }],
        });
      // Within, near, over (then from the local cache), shadow, two-level rule.
      for (let i = 0; i < 5; i++) await call('user', 'a');
      for (let i = 0; i < 3; i++) await call('path', '/x');
      for (let i = 0; i < 3; i++) {
        await unary(client, 'ShouldRateLimit', {
          domain: 'dash',
          descriptors: [
            {
              entries: [
                { key: 'org', value: 'o' },
                { key: 'plan', value: 'p' },
              ],
            },
          ],
        });
      }
      // A rejected reload.
      writeFileSync(bad, 'domain: dash\n');
      service.child.kill('SIGHUP');
      await eventually(
        'config_load_error',
        async () =>
          /^ratelimit_service_config_load_error [1-9]/m.test(await scrape()) ? true : undefined,
        10_000,
        100,
      );
      // A store error.
      await redis.kill();
      await call('user', 'b').catch(() => undefined);
      const text = (
        await eventually(
          'a redis_error',
          async () => {
            const body = await scrape();
            return /^ratelimit_service_should_rate_limit_error\{err_type="redis_error"\} [1-9]/m.test(
              body,
            )
              ? body
              : undefined;
          },
          10_000,
          100,
        )
      ).value;

      const exported = scrapedLabels(text);
      const problems: string[] = [];
      for (const [where, expression] of expressions()) {
        const use = promqlUse(expression);
        expect([where, use.metrics.length > 0]).toEqual([where, true]);
        for (const metric of use.metrics) {
          if (PROMETHEUS_SERIES.has(metric)) continue;
          const labels = exported.get(metric);
          if (labels === undefined) {
            problems.push(`${where}: metric ${metric} is not exported`);
            continue;
          }
          for (const label of use.matchers.get(metric) ?? []) {
            if (!labels.has(label) && !TARGET_LABELS.has(label)) {
              problems.push(`${where}: ${metric} has no label ${label}`);
            }
          }
        }
        for (const label of use.grouping) {
          const known = use.metrics.some(
            (m) => PROMETHEUS_SERIES.has(m) || exported.get(m)?.has(label),
          );
          if (!known && !TARGET_LABELS.has(label)) {
            problems.push(`${where}: no metric has label ${label}`);
          }
        }
      }
      expect(problems).toEqual([]);
    } finally {
      client.close();
      try {
        unlinkSync(bad);
      } catch {
        // Already gone.
      }
      await service.stop();
      await redis.stop();
    }
  });
});
