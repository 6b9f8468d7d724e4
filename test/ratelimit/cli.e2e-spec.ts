import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';

/**
 * The built operator tools run as child processes, as `npx ratelimit-config-check` and
 * `npx ratelimit-client` would run them. SERVICE_DIST points at another build output directory
 * (e.g. `dist-cli`) so a build here does not race other builds into `dist/`.
 */
const DIST = join(PROJECT_ROOT, process.env.SERVICE_DIST ?? 'dist');
const CONFIG_CHECK = join(DIST, 'ratelimit', 'cli', 'config-check.js');
const CLIENT = join(DIST, 'ratelimit', 'cli', 'client.js');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
}

// The service start and the client's 10 s deadline need more than jest's 5 s default, whatever
// the config sets (jest ignores a testTimeout given inside a project).
jest.setTimeout(60_000);

function run(script: string, args: readonly string[]): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [script, ...args],
      { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH }, timeout: 30_000 },
      (_error, stdout, stderr) =>
        resolve({ code: child.exitCode, stdout, stderr, elapsedMs: Date.now() - started }),
    );
  });
}

/** Node prints stack frames as `    at fn (file:line:col)`. */
const STACK_FRAME = /^\s+at .+:\d+/m;

function expectNoStackTrace(result: Run): void {
  expect(result.stdout).not.toMatch(STACK_FRAME);
  expect(result.stderr).not.toMatch(STACK_FRAME);
  // Nothing of Nest either: the tools do not boot it.
  expect(result.stdout + result.stderr).not.toContain('[Nest]');
}

beforeAll(() => {
  for (const script of [CONFIG_CHECK, CLIENT]) {
    if (!existsSync(script)) throw new Error(`${script} is missing: build first`);
  }
});

describe('built bins', () => {
  it.each([CONFIG_CHECK, CLIENT])('%s starts with the node shebang line', (script) => {
    expect(readFileSync(script, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });
});

// Upstream's fixtures of spec §2.3, written out here.
const BASIC_CONFIG = `domain: test-domain
descriptors:
  - key: key1
    value: value1
    rate_limit: {unit: second, requests_per_unit: 5}
  - key: key2
    rate_limit: {unit: minute, requests_per_unit: 20}
`;
const MERGE_DOMAIN_KEY1 = `domain: test-domain
descriptors:
  - key: key1
    value: value1
    rate_limit: {unit: minute, requests_per_unit: 10}
`;
const MERGE_DOMAIN_KEY2 = `domain: test-domain
descriptors:
  - key: key2
    value: value2
    rate_limit: {unit: minute, requests_per_unit: 20}
`;

/** [fixture files (checked in name order), the file that fails, its reason]. */
const BAD_CONFIGS: [Record<string, string>, string, string][] = [
  [
    { 'bad_yaml.yaml': "'''\n" },
    'bad_yaml.yaml',
    'error loading config file: yaml: line 2: found unexpected end of stream',
  ],
  [
    {
      'misspelled_key.yaml':
        'domain: test-domain\ndescriptors:\n  - key: key1\n    ratelimit:\n      unit: day\n      requests_per_unit: 5\n',
    },
    'misspelled_key.yaml',
    "config error, unknown key 'ratelimit'",
  ],
  [
    {
      'misspelled_key2.yaml':
        'domain: test-domain\ndescriptors:\n  - key: key1\n    rate_limit:\n      unit: day\n      requestsperunit: 5\n',
    },
    'misspelled_key2.yaml',
    "config error, unknown key 'requestsperunit'",
  ],
  [
    { 'non_string_key.yaml': 'domain: test-domain\n0.25:\n  - key: key1\n' },
    'non_string_key.yaml',
    'config error, key is not of type string: 0.25',
  ],
  [
    { 'non_map_list.yaml': 'domain: test-domain\ndescriptors: [a, b, c]\n' },
    'non_map_list.yaml',
    'config error, yaml file contains list of type other than map: a',
  ],
  [
    { 'empty_domain.yaml': 'descriptors:\n' },
    'empty_domain.yaml',
    'config file cannot have empty domain',
  ],
  [
    { 'basic_config.yaml': BASIC_CONFIG, 'duplicate_domain.yaml': 'domain: test-domain\n' },
    'duplicate_domain.yaml',
    "duplicate domain 'test-domain' in config file",
  ],
  [
    {
      'empty_key.yaml':
        'domain: test-domain\ndescriptors:\n  - value: value1\n    rate_limit: {unit: day, requests_per_unit: 5}\n',
    },
    'empty_key.yaml',
    'descriptor has empty key',
  ],
  [
    {
      'duplicate_key.yaml':
        'domain: test-domain\ndescriptors:\n  - {key: key1, value: value1, rate_limit: {unit: day, requests_per_unit: 5}}\n  - {key: key1, value: value1, rate_limit: {unit: day, requests_per_unit: 6}}\n',
    },
    'duplicate_key.yaml',
    "duplicate descriptor composite key 'test-domain.key1_value1'",
  ],
  [
    {
      'bad_limit_unit.yaml':
        'domain: test-domain\ndescriptors:\n  - key: key1\n    rate_limit: {unit: foo, requests_per_unit: 5}\n',
    },
    'bad_limit_unit.yaml',
    "invalid rate limit unit 'foo'",
  ],
  [
    {
      'replaces_self.yaml':
        'domain: test-domain\ndescriptors:\n  - key: key1\n    rate_limit:\n      name: self\n      unit: day\n      requests_per_unit: 5\n      replaces:\n        - name: self\n',
    },
    'replaces_self.yaml',
    'replaces should not contain name of same descriptor',
  ],
  [
    {
      'replaces_empty.yaml':
        'domain: test-domain\ndescriptors:\n  - key: key1\n    rate_limit:\n      unit: day\n      requests_per_unit: 5\n      replaces:\n        - name:\n',
    },
    'replaces_empty.yaml',
    'should not have an empty replaces entry',
  ],
  [
    {
      'unlimited_with_unit.yaml':
        'domain: test-domain\ndescriptors:\n  - key: key1\n    rate_limit: {unlimited: true, unit: day}\n',
    },
    'unlimited_with_unit.yaml',
    'should not specify rate limit unit when unlimited',
  ],
];

describe('ratelimit-config-check', () => {
  const directories: string[] = [];
  function ruleFiles(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'config-check-e2e-'));
    directories.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  }
  afterAll(() => {
    for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  });

  it.each(BAD_CONFIGS)(
    'rejects %j naming the file by its full path',
    async (files, bad, reason) => {
      const dir = ruleFiles(files);
      const result = await run(CONFIG_CHECK, ['-config_dir', dir]);
      expect(result.code).toBe(1);
      const opened = Object.keys(files)
        .sort()
        .map((name) => `opening config file: ${dir}/${name}`);
      expect(result.stdout).toBe(
        [
          'checking rate limit configs...',
          `loading config directory: ${dir}`,
          ...opened,
          `error loading rate limit configs: ${dir}/${bad}: ${reason}`,
          '',
        ].join('\n'),
      );
      expect(result.stderr).toBe('');
      expectNoStackTrace(result);
    },
  );

  describe('one domain in two files (merge_domain_key1/2)', () => {
    it('is accepted with -merge_domain_configs', async () => {
      const dir = ruleFiles({
        'merge_domain_key1.yaml': MERGE_DOMAIN_KEY1,
        'merge_domain_key2.yaml': MERGE_DOMAIN_KEY2,
      });
      const result = await run(CONFIG_CHECK, ['-config_dir', dir, '-merge_domain_configs']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('\nall rate limit configs ok\n');
    });

    it('is a duplicate domain without it', async () => {
      const dir = ruleFiles({
        'merge_domain_key1.yaml': MERGE_DOMAIN_KEY1,
        'merge_domain_key2.yaml': MERGE_DOMAIN_KEY2,
      });
      const result = await run(CONFIG_CHECK, [`--config_dir=${dir}`]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `\nerror loading rate limit configs: ${dir}/merge_domain_key2.yaml: duplicate domain 'test-domain' in config file\n`,
      );
    });

    it('still rejects the same descriptor twice when merging', async () => {
      const dir = ruleFiles({
        'merge_domain_key1.yaml': MERGE_DOMAIN_KEY1,
        'merge_domain_key1_copy.yaml': MERGE_DOMAIN_KEY1,
      });
      const result = await run(CONFIG_CHECK, ['-config_dir', dir, '-merge_domain_configs=true']);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `\nerror loading rate limit configs: ${dir}/merge_domain_key1_copy.yaml: duplicate descriptor composite key 'test-domain.key1_value1'\n`,
      );
      expectNoStackTrace(result);
    });
  });

  it('accepts a good directory', async () => {
    const dir = ruleFiles({ 'basic_config.yaml': BASIC_CONFIG, 'other.yaml': 'domain: other\n' });
    const result = await run(CONFIG_CHECK, ['-config_dir', dir]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe(
      [
        'checking rate limit configs...',
        `loading config directory: ${dir}`,
        `opening config file: ${dir}/basic_config.yaml`,
        `opening config file: ${dir}/other.yaml`,
        'all rate limit configs ok',
        '',
      ].join('\n'),
    );
  });

  it("accepts the repository's example rules", async () => {
    const result = await run(CONFIG_CHECK, ['-config_dir', 'config/ratelimit/config']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'opening config file: config/ratelimit/config/example.yaml\nall rate limit configs ok\n',
    );
  });

  it('reports a missing directory', async () => {
    const dir = join(tmpdir(), 'config-check-e2e-does-not-exist');
    const result = await run(CONFIG_CHECK, ['-config_dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `\nerror opening directory ${dir}: no such file or directory\n`,
    );
    expectNoStackTrace(result);
  });

  it('answers an unknown flag with the usage on stderr and exit code 2', async () => {
    const result = await run(CONFIG_CHECK, ['-config-dir', 'x']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^flag provided but not defined: -config-dir\nUsage of ratelimit-config-check:\n {2}-config_dir string\n/,
    );
  });
});

describe('ratelimit-client', () => {
  let service: ServiceProcess;

  // No environment: the service serves config/ratelimit/config/example.yaml (domain `example`).
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('prints the flags and a decision for two descriptors', async () => {
    const result = await run(CLIENT, [
      '-dial_string',
      service.grpcAddress,
      '-domain',
      'example',
      '-descriptors',
      'api_key=cli-e2e-1',
      '-descriptors',
      'remote_address=10.1.2.3,path=/login',
    ]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `dial_string: ${service.grpcAddress}`,
      'domain: example',
      'descriptors: [<key=api_key, value=cli-e2e-1>] [<key=remote_address, value=10.1.2.3>, <key=path, value=/login>]',
    ]);
    expect(lines).toContain('hits_addend: 1');
    expect(lines.at(-1)).toMatch(
      new RegExp(
        '^response: overall_code:OK ' +
          'statuses:\\{code:OK current_limit:\\{requests_per_unit:20 unit:MINUTE\\} limit_remaining:19 duration_until_reset:\\{seconds:\\d+\\}\\} ' +
          'statuses:\\{code:OK current_limit:\\{requests_per_unit:5 unit:MINUTE\\} limit_remaining:4 duration_until_reset:\\{seconds:\\d+\\}\\}$',
      ),
    );
  });

  it('sends -hits_addend', async () => {
    const result = await run(CLIENT, [
      `--dial_string=${service.grpcAddress}`,
      '-domain=example',
      '-descriptors=api_key=cli-e2e-2',
      '-hits_addend=5',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(' limit_remaining:15 ');
  });

  it('reports an invalid call with its gRPC code and exits 1', async () => {
    const result = await run(CLIENT, [
      '-dial_string',
      service.grpcAddress,
      '-descriptors',
      'api_key=k1',
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      'request error: INVALID_ARGUMENT: rate limit domain must not be empty',
    );
    expectNoStackTrace(result);
  });

  it('refuses a malformed descriptor list on stderr without calling', async () => {
    const result = await run(CLIENT, ['-domain', 'example', '-descriptors', 'api_key']);
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'invalid value "api_key" for flag -descriptors: invalid descriptor list\n',
    });
  });

  it('gives up on a refused connection at once', async () => {
    const address = `127.0.0.1:${await freePort()}`;
    const result = await run(CLIENT, ['-dial_string', address, '-domain', 'example']);
    expect(result.code).toBe(1);
    // UNAVAILABLE, not the 10 s deadline's DEADLINE_EXCEEDED: the client did not wait.
    expect(result.stdout).toMatch(/\nrequest error: UNAVAILABLE: .+\n$/);
    expectNoStackTrace(result);
  });

  describe('against a server that never answers', () => {
    let silent: Server;
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('stops at the 10 s deadline', async () => {
      const address = silent.address();
      if (address === null || typeof address === 'string') throw new Error('no TCP address');
      const result = await run(CLIENT, [
        '-dial_string',
        `127.0.0.1:${address.port}`,
        '-domain',
        'x',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/\nrequest error: DEADLINE_EXCEEDED: .+\n$/);
      expect(result.elapsedMs).toBeGreaterThanOrEqual(9_000);
      expectNoStackTrace(result);
    });
  });
});
