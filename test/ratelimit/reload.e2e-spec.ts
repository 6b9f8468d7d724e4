import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, holdsFor } from '../support/eventually';
import { ruleDirectory } from '../support/rule-dir';
import { configMapDirectory, symlinkRuntimeRoot } from '../support/rule-layouts';
import { ServiceProcess, startService } from '../support/service-process';

/** One domain with one limit on key `k`; the limit tells the versions apart. */
const rules = (domain: string, unit: string, requestsPerUnit: number) =>
  `domain: ${domain}\ndescriptors:\n  - key: k\n    rate_limit: {unit: ${unit}, requests_per_unit: ${requestsPerUnit}}\n`;
/** The /rlconfig line for `rules(...)`. */
const line = (domain: string, unit: string, requestsPerUnit: number) =>
  `${domain}.k: unit=${unit.toUpperCase()} requests_per_unit=${requestsPerUnit}, shadow_mode: false, quota_mode: false\n`;
const BAD_UNIT =
  'domain: bad\ndescriptors:\n  - key: k\n    rate_limit: {unit: fortnight, requests_per_unit: 1}\n';

interface Decision {
  readonly status: number;
  readonly body: {
    overallCode?: string;
    statuses?: { code: string; currentLimit?: { requestsPerUnit: number; unit: string } }[];
    message?: string;
  };
}

const rlconfig = async (service: ServiceProcess) =>
  (await fetch(`${service.debugUrl}/rlconfig`)).text();

const stat = async (service: ServiceProcess, name: string): Promise<number> => {
  const text = await (await fetch(`${service.debugUrl}/stats`)).text();
  const found = new RegExp(`^ratelimit\\.service\\.${name}: (\\d+)$`, 'm').exec(text);
  return found ? Number(found[1]) : 0;
};

const decide = async (service: ServiceProcess, domain: string): Promise<Decision> => {
  const response = await fetch(`${service.httpUrl}/json`, {
    method: 'POST',
    body: JSON.stringify({ domain, descriptors: [{ entries: [{ key: 'k', value: 'v' }] }] }),
  });
  return { status: response.status, body: (await response.json()) as Decision['body'] };
};
const limitOf = (decision: Decision) => decision.body.statuses?.[0]?.currentLimit;
const sameLimit = (decision: Decision, limit: { requestsPerUnit: number; unit: string }) =>
  limitOf(decision)?.unit === limit.unit &&
  limitOf(decision)?.requestsPerUnit === limit.requestsPerUnit;

/** Waits until /rlconfig shows exactly `expected`; resolves with the time it took. */
const rulesServed = async (service: ServiceProcess, expected: string): Promise<number> =>
  (
    await eventually(`/rlconfig to show\n${expected}`, async () =>
      (await rlconfig(service)) === expected ? true : undefined,
    )
  ).elapsedMs;

const logged = (service: ServiceProcess, text: string) =>
  eventually(`the log to contain ${text}`, () =>
    service.output().includes(text) ? true : undefined,
  );

jest.setTimeout(30_000);

/** File change to new answer, per scenario; printed at the end. */
const latencies: [string, number][] = [];

describe('hot reload of rule files (built service, real file system)', () => {
  const cleanups: (() => void)[] = [];
  let service: ServiceProcess | undefined;

  afterEach(async () => {
    await service?.stop();
    service = undefined;
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  afterAll(() => {
    if (latencies.length > 0) {
      console.log(
        'reload latency, file change to new /rlconfig answer:\n' +
          latencies.map(([what, ms]) => `  ${what}: ${ms.toFixed(0)} ms`).join('\n'),
      );
    }
  });

  describe('symlink mode (RUNTIME_WATCH_ROOT=true)', () => {
    it('reloads when RUNTIME_ROOT is swapped; every decision during the swap sees the old or the new rules', async () => {
      const layout = symlinkRuntimeRoot({ 'rules.yaml': rules('swap', 'minute', 100000) });
      cleanups.push(layout.remove);
      service = await startService(layout.env);
      const running = service;
      expect(await rlconfig(running)).toBe(line('swap', 'minute', 100000));

      // Two callers in a loop over the swap; each answer must be a whole rule set, old or new.
      const answers: Decision[] = [];
      let stopping = false;
      const caller = async () => {
        while (!stopping) answers.push(await decide(running, 'swap'));
      };
      const callers = [caller(), caller()];
      try {
        await eventually('decisions under way', () => (answers.length >= 20 ? true : undefined));
        layout.swap({ 'rules.yaml': rules('swap', 'hour', 200000) });
        latencies.push(['symlink swap', await rulesServed(running, line('swap', 'hour', 200000))]);
        const seenNew = answers.length;
        await eventually('decisions on the new rules', () =>
          answers.slice(seenNew).filter((a) => limitOf(a)?.unit === 'HOUR').length >= 20
            ? true
            : undefined,
        );
      } finally {
        stopping = true;
        await Promise.all(callers);
      }
      const old = { requestsPerUnit: 100000, unit: 'MINUTE' };
      const next = { requestsPerUnit: 200000, unit: 'HOUR' };
      const failed = answers.filter(
        (a) =>
          a.status !== 200 ||
          a.body.overallCode !== 'OK' ||
          !(sameLimit(a, old) || sameLimit(a, next)),
      );
      expect(failed).toEqual([]);
      expect(answers.some((a) => limitOf(a)?.unit === 'MINUTE')).toBe(true);
      expect(limitOf(answers[answers.length - 1])).toEqual(next);
      expect(await stat(running, 'config_load_success')).toBe(2);
      expect(await stat(running, 'config_load_error')).toBe(0);
      // On SIGTERM the watch is closed with the listeners (Nest then re-raises the signal).
      const exit = await running.stop();
      expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
      expect(running.output()).toContain('stopped watching the rule files');
    });

    it('rejects a swap to a bad rule set with its exact error text and keeps serving the old rules', async () => {
      const layout = symlinkRuntimeRoot({ 'rules.yaml': rules('swap', 'minute', 7) });
      cleanups.push(layout.remove);
      service = await startService(layout.env);
      layout.swap({ 'rules.yaml': rules('swap', 'hour', 8), 'bad.yaml': BAD_UNIT });
      await logged(
        service,
        "error loading new configuration: config.bad.yaml: invalid rate limit unit 'fortnight'",
      );
      expect(await stat(service, 'config_load_error')).toBe(1);
      expect(await rlconfig(service)).toBe(line('swap', 'minute', 7));
      expect(limitOf(await decide(service, 'swap'))).toEqual({
        requestsPerUnit: 7,
        unit: 'MINUTE',
      });

      layout.swap({ 'rules.yaml': rules('swap', 'hour', 9) });
      await rulesServed(service, line('swap', 'hour', 9));
      expect(limitOf(await decide(service, 'swap'))).toEqual({ requestsPerUnit: 9, unit: 'HOUR' });
    });

    it('does not reload on an in-place edit (as upstream); SIGHUP then picks the edit up', async () => {
      const layout = symlinkRuntimeRoot({ 'rules.yaml': rules('edit', 'minute', 10) });
      cleanups.push(layout.remove);
      service = await startService(layout.env);
      const running = service;
      writeFileSync(join(layout.currentDirectory(), 'rules.yaml'), rules('edit', 'hour', 20));
      // Well past the debounce (150 ms) and the watch re-check (1 s): nothing may change.
      const unchanged = await holdsFor(
        1500,
        async () =>
          (await rlconfig(running)) === line('edit', 'minute', 10) &&
          (await stat(running, 'config_load_success')) === 1,
      );
      expect(unchanged).toBe(true);
      // The old answer right before SIGHUP proves the edit had not been picked up.
      expect(limitOf(await decide(running, 'edit'))).toEqual({
        requestsPerUnit: 10,
        unit: 'MINUTE',
      });
      running.child.kill('SIGHUP');
      latencies.push(['SIGHUP', await rulesServed(running, line('edit', 'hour', 20))]);
      expect(limitOf(await decide(running, 'edit'))).toEqual({ requestsPerUnit: 20, unit: 'HOUR' });
      expect(await stat(running, 'config_load_success')).toBe(2);
    });
  });

  describe('directory mode (RUNTIME_WATCH_ROOT=false)', () => {
    const directoryMode = (files: Record<string, string>) => {
      const env: Record<string, string> = { ...ruleDirectory(files), RUNTIME_WATCH_ROOT: 'false' };
      const root = env.RUNTIME_ROOT;
      cleanups.push(() => rmSync(root, { recursive: true, force: true }));
      return { env, directory: join(root, 'ratelimit', 'config') };
    };

    it('reloads on an in-place edit, an added file and a removed file', async () => {
      const { env, directory } = directoryMode({ 'a.yaml': rules('a', 'minute', 10) });
      service = await startService(env);
      expect(await rlconfig(service)).toBe(line('a', 'minute', 10));

      writeFileSync(join(directory, 'a.yaml'), rules('a', 'hour', 11));
      latencies.push([
        'directory mode, in-place edit',
        await rulesServed(service, line('a', 'hour', 11)),
      ]);

      writeFileSync(join(directory, 'b.yaml'), rules('b', 'day', 12));
      latencies.push([
        'directory mode, added file',
        await rulesServed(service, line('a', 'hour', 11) + line('b', 'day', 12)),
      ]);
      expect(limitOf(await decide(service, 'b'))).toEqual({ requestsPerUnit: 12, unit: 'DAY' });

      unlinkSync(join(directory, 'a.yaml'));
      latencies.push([
        'directory mode, removed file',
        await rulesServed(service, line('b', 'day', 12)),
      ]);
      expect(await decide(service, 'a')).toEqual({
        status: 200,
        body: { overallCode: 'OK', statuses: [{ code: 'OK' }] },
      });
      expect(await stat(service, 'config_load_error')).toBe(0);
    });

    it('rejects a bad file with its exact error text, keeps serving the old rules, and reloads once it is fixed', async () => {
      const { env, directory } = directoryMode({ 'a.yaml': rules('a', 'minute', 10) });
      service = await startService(env);
      writeFileSync(join(directory, 'bad.yaml'), BAD_UNIT);
      await logged(
        service,
        "error loading new configuration: bad.yaml: invalid rate limit unit 'fortnight'",
      );
      expect(await stat(service, 'config_load_error')).toBe(1);
      expect(await rlconfig(service)).toBe(line('a', 'minute', 10));
      expect(limitOf(await decide(service, 'a'))).toEqual({ requestsPerUnit: 10, unit: 'MINUTE' });

      writeFileSync(join(directory, 'bad.yaml'), "'''\n");
      await logged(
        service,
        'error loading new configuration: bad.yaml: error loading config file: yaml: line 2: found unexpected end of stream',
      );
      expect(await rlconfig(service)).toBe(line('a', 'minute', 10));

      writeFileSync(join(directory, 'bad.yaml'), rules('fixed', 'second', 3));
      await rulesServed(service, line('a', 'minute', 10) + line('fixed', 'second', 3));
      expect(await stat(service, 'config_load_error')).toBe(2);
    });

    it('survives the rule directory disappearing and reloads when it is back', async () => {
      const { env, directory } = directoryMode({ 'a.yaml': rules('a', 'minute', 10) });
      service = await startService(env);
      rmSync(directory, { recursive: true });
      await logged(service, `watched directory ${directory} is missing; waiting for it to appear`);
      // The removal's own reload fails (counted) before the directory comes back, so what picks up
      // the new directory below is the re-established watch.
      await logged(
        service,
        `error loading new configuration: rule directory ${directory} does not exist or is not a directory`,
      );
      expect(limitOf(await decide(service, 'a'))).toEqual({ requestsPerUnit: 10, unit: 'MINUTE' });

      mkdirSync(directory);
      writeFileSync(join(directory, 'a.yaml'), rules('a', 'hour', 30));
      latencies.push([
        'directory removed and recreated',
        await rulesServed(service, line('a', 'hour', 30)),
      ]);
      expect(service.child.exitCode).toBeNull();
    });

    it('with HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED follows the loads: a domain heals, none harms, a failure changes nothing', async () => {
      const { env, directory } = directoryMode({});
      service = await startService({ ...env, HEALTHY_WITH_AT_LEAST_ONE_CONFIG_LOADED: 'true' });
      const running = service;
      const health = async () => (await fetch(`${running.httpUrl}/healthcheck`)).status;
      // The first load found no domain: a good load, still unhealthy.
      expect(await stat(running, 'config_load_success')).toBe(1);
      expect(await health()).toBe(500);

      writeFileSync(join(directory, 'a.yaml'), rules('a', 'minute', 10));
      await eventually('healthy', async () => ((await health()) === 200 ? true : undefined));

      writeFileSync(join(directory, 'bad.yaml'), BAD_UNIT);
      await eventually('the failed load', async () =>
        (await stat(running, 'config_load_error')) === 1 ? true : undefined,
      );
      expect(await health()).toBe(200);

      unlinkSync(join(directory, 'bad.yaml'));
      unlinkSync(join(directory, 'a.yaml'));
      await eventually('unhealthy', async () => ((await health()) === 500 ? true : undefined));
      const report = await fetch(`${running.httpUrl}/healthcheck`);
      expect(await report.json()).toMatchObject({ error: { config: { status: 'down' } } });
      expect(await rlconfig(running)).toBe('');
    });
  });

  describe('Kubernetes ConfigMap layout (directory mode, RUNTIME_IGNOREDOTFILES=true)', () => {
    it('reloads once per `..data` swap, reading only the top-level links', async () => {
      const configMap = configMapDirectory({ 'rules.yaml': rules('cm', 'minute', 10) });
      cleanups.push(configMap.remove);
      service = await startService(configMap.env);
      expect(await rlconfig(service)).toBe(line('cm', 'minute', 10));

      configMap.update({
        'rules.yaml': rules('cm', 'hour', 20),
        'extra.yaml': rules('cm2', 'day', 5),
      });
      latencies.push([
        'ConfigMap ..data swap',
        await rulesServed(service, line('cm', 'hour', 20) + line('cm2', 'day', 5)),
      ]);
      expect(configMap.entries()).toEqual([
        '..2024_01_01_00_00_01.102',
        '..data',
        'extra.yaml',
        'rules.yaml',
      ]);

      configMap.update({ 'rules.yaml': rules('cm', 'second', 30) });
      await rulesServed(service, line('cm', 'second', 30));
      expect(limitOf(await decide(service, 'cm'))).toEqual({
        requestsPerUnit: 30,
        unit: 'SECOND',
      });
      // One reload per update (the kubelet's burst of events is debounced), none failed: the
      // timestamped directories, which hold the same domains, were never read.
      expect(await stat(service, 'config_load_success')).toBe(3);
      expect(await stat(service, 'config_load_error')).toBe(0);
      expect(service.output()).not.toContain('duplicate domain');
    });
  });
});
