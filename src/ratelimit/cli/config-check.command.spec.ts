import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliOutput } from './cli-runtime';
import { configCheck } from './config-check.command';

const GOOD =
  'domain: d1\ndescriptors:\n  - key: k\n    rate_limit: {unit: second, requests_per_unit: 1}\n';
const SAME_DOMAIN = 'domain: d1\ndescriptors:\n  - key: other\n';

interface Recorded {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

function run(...argv: string[]): Recorded {
  const out: string[] = [];
  const err: string[] = [];
  const output: CliOutput = { out: (line) => out.push(line), err: (line) => err.push(line) };
  return { code: configCheck(argv, output), out, err };
}

describe('configCheck', () => {
  const directories: string[] = [];
  function directory(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'config-check-'));
    directories.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  }
  afterAll(() => {
    for (const dir of directories) rmSync(dir, { recursive: true, force: true });
  });

  it('prints every file it opens, sorted by name, then the verdict', () => {
    const dir = directory({ 'b.yaml': 'domain: d2\n', 'a.yaml': GOOD });
    expect(run('-config_dir', dir)).toEqual({
      code: 0,
      out: [
        'checking rate limit configs...',
        `loading config directory: ${dir}`,
        `opening config file: ${dir}/a.yaml`,
        `opening config file: ${dir}/b.yaml`,
        'all rate limit configs ok',
      ],
      err: [],
    });
  });

  it('labels errors with the joined path, a trailing slash on the directory included', () => {
    const dir = directory({ 'a.yaml': GOOD, 'z.yaml': SAME_DOMAIN });
    const result = run(`--config_dir=${dir}/`);
    expect(result.code).toBe(1);
    expect(result.out.at(-1)).toBe(
      `error loading rate limit configs: ${dir}/z.yaml: duplicate domain 'd1' in config file`,
    );
  });

  it('merges one domain over several files with -merge_domain_configs', () => {
    const dir = directory({ 'a.yaml': GOOD, 'z.yaml': SAME_DOMAIN });
    expect(run('-config_dir', dir, '-merge_domain_configs').code).toBe(0);
    expect(run('-config_dir', dir, '-merge_domain_configs=false').code).toBe(1);
  });

  it('reports YAML and key errors instead of crashing', () => {
    const dir = directory({ 'bad.yaml': 'domain: d\nrate: 1\n' });
    expect(run('-config_dir', dir).out.at(-1)).toBe(
      `error loading rate limit configs: ${dir}/bad.yaml: config error, unknown key 'rate'`,
    );
  });

  it('skips subdirectories with a note and follows links to files', () => {
    const dir = directory({ 'a.yaml': GOOD });
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'x.yaml'), 'not: checked\n');
    symlinkSync(join(dir, 'a.yaml'), join(dir, 'link.yaml'));
    const result = run('-config_dir', dir);
    expect(result.out).toEqual([
      'checking rate limit configs...',
      `loading config directory: ${dir}`,
      `opening config file: ${dir}/a.yaml`,
      `opening config file: ${dir}/link.yaml`,
      `skipping ${dir}/sub: not a regular file`,
      // The link repeats a.yaml's domain.
      `error loading rate limit configs: ${dir}/link.yaml: duplicate domain 'd1' in config file`,
    ]);
  });

  it('reports a directory it cannot open', () => {
    const dir = join(tmpdir(), 'config-check-missing-directory');
    expect(run('-config_dir', dir)).toEqual({
      code: 1,
      out: [
        'checking rate limit configs...',
        `loading config directory: ${dir}`,
        `error opening directory ${dir}: no such file or directory`,
      ],
      err: [],
    });
  });

  it('reports a file it cannot read', () => {
    const dir = directory({});
    symlinkSync(join(dir, 'missing-target'), join(dir, 'dangling.yaml'));
    expect(run('-config_dir', dir).out.at(-1)).toBe(
      `error reading file ${dir}/dangling.yaml: no such file or directory`,
    );
  });

  it('answers a bad command line with the usage on stderr and exit code 2', () => {
    for (const argv of [['-nope'], ['-h'], ['-config_dir'], ['stray']]) {
      const result = run(...argv);
      expect(result.code).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err.at(-1)).toContain('Usage of ratelimit-config-check:');
    }
    expect(run('-nope').err[0]).toBe('flag provided but not defined: -nope');
    expect(run('stray').err[0]).toBe('unexpected argument: stray');
    expect(run('-h').err).toHaveLength(1);
  });
});
