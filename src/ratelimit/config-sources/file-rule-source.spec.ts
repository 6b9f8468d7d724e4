import { Logger } from '@nestjs/common';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthState } from '../../infra/health/health-state';
import { StatsRegistry } from '../../infra/stats/registry';
import { loadSettings } from '../../settings/settings.loader';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { CONFIG_HEALTH_COMPONENT, RuleLoaderService } from '../config/rule-loader.service';
import { RuleStatsFactory } from '../stats/rule-stats';
import { ServiceStats } from '../stats/service-stats';
import { FileRuleSource } from './file-rule-source';
import { SystemClock } from '../../infra/clock/clock';
import { MemoryCounterStore } from '../../infra/counters/memory-counter-store';
import { Counter } from '../../infra/stats/counter';

const GOOD =
  'domain: a\ndescriptors:\n  - key: k\n    rate_limit: {unit: minute, requests_per_unit: 5}\n';
const BAD =
  'domain: b\ndescriptors:\n  - key: k\n    rate_limit: {unit: fortnight, requests_per_unit: 5}\n';

describe('FileRuleSource', () => {
  let root: string;
  let directory: string;

  const harness = (env: Record<string, string> = {}) => {
    const settings = loadSettings({
      RUNTIME_ROOT: root,
      RUNTIME_SUBDIRECTORY: 'ratelimit',
      RUNTIME_APPDIRECTORY: 'config',
      RUNTIME_WATCH_ROOT: 'false',
      ...env,
    });
    const registry = new StatsRegistry();
    const health = new HealthState();
    const holder = new RuleConfigHolder();
    const loader = new RuleLoaderService(
      settings,
      holder,
      new RuleStatsFactory(registry),
      new ServiceStats(registry),
      health,
      new MemoryCounterStore(new SystemClock(), 1000, new Counter('evicted')),
    );
    const source = new FileRuleSource(settings, loader);
    const stat = (name: string) => registry.counter(`ratelimit.service.${name}`).value;
    const configHealthy = () => health.snapshot().get(CONFIG_HEALTH_COMPONENT);
    return { source, holder, health, stat, configHealthy };
  };

  // The loader's own messages are tested elsewhere; here they are noise.
  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'file-source-'));
    directory = join(root, 'ratelimit', 'config');
    mkdirSync(directory, { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  describe('with HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED=true (docs/ratelimit.md#health)', () => {
    const env = { HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED: 'true' };

    it('starts unhealthy, and a failed load changes nothing', () => {
      const { source, configHealthy, health, stat } = harness(env);
      expect(configHealthy()).toBe(false);
      writeFileSync(join(directory, 'bad.yaml'), BAD);
      expect(source.reload()).toBe(false);
      expect(configHealthy()).toBe(false);
      expect(health.isHealthy()).toBe(false);
      expect(stat('config_load_error')).toBe(1);
    });

    it('turns healthy on a good load with a domain, stays so on a failed one, turns unhealthy on 0 domains', () => {
      const { source, configHealthy, holder, stat } = harness(env);
      writeFileSync(join(directory, 'a.yaml'), GOOD);
      expect(source.reload()).toBe(true);
      expect(configHealthy()).toBe(true);
      const good = holder.current;

      writeFileSync(join(directory, 'bad.yaml'), BAD);
      expect(source.reload()).toBe(false);
      expect(configHealthy()).toBe(true);
      expect(holder.current).toBe(good);

      // An empty rule directory is a good load with no domain.
      unlinkSync(join(directory, 'a.yaml'));
      unlinkSync(join(directory, 'bad.yaml'));
      expect(source.reload()).toBe(true);
      expect(holder.current?.domainCount).toBe(0);
      expect(configHealthy()).toBe(false);

      writeFileSync(join(directory, 'a.yaml'), GOOD);
      expect(source.reload()).toBe(true);
      expect(configHealthy()).toBe(true);
      expect([stat('config_load_success'), stat('config_load_error')]).toEqual([3, 1]);
    });

    it('a missing rule directory is a failed load: health does not change', () => {
      const { source, configHealthy } = harness(env);
      writeFileSync(join(directory, 'a.yaml'), GOOD);
      source.reload();
      rmSync(directory, { recursive: true });
      expect(source.reload()).toBe(false);
      expect(configHealthy()).toBe(true);
    });
  });

  it('without the setting has no config health component', () => {
    const { source, health } = harness();
    source.reload();
    expect(health.snapshot().has(CONFIG_HEALTH_COMPONENT)).toBe(false);
  });

  it('reloads on SIGHUP between bootstrap and shutdown, and leaves no listener behind', async () => {
    const before = process.listenerCount('SIGHUP');
    const { source, holder, stat } = harness();
    writeFileSync(join(directory, 'a.yaml'), GOOD);
    await source.onApplicationBootstrap();
    expect(holder.current?.domainCount).toBe(1);
    expect(process.listenerCount('SIGHUP')).toBe(before + 1);
    process.emit('SIGHUP', 'SIGHUP');
    expect(stat('config_load_success')).toBe(2);
    source.onApplicationShutdown();
    expect(process.listenerCount('SIGHUP')).toBe(before);
  });
});
