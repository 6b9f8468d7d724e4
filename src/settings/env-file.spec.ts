import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from './env-file';

describe('loadEnvFile', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'env-file-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('sets the variables of the file that the environment lacks; real variables win', () => {
    const path = join(dir, '.env');
    writeFileSync(
      path,
      [
        '# a comment',
        'PORT=9000',
        'LOG_LEVEL=debug',
        'ADMIN_PASSWORD="with # hash and spaces"',
        "export DATA_DIR='/var/lib/platform'",
        'EMPTY_IN_ENV=from-file',
        '',
      ].join('\n'),
    );
    const env: Record<string, string | undefined> = { PORT: '8080', EMPTY_IN_ENV: '' };
    const result = loadEnvFile(env, path);
    expect(env).toEqual({
      PORT: '8080',
      EMPTY_IN_ENV: '',
      LOG_LEVEL: 'debug',
      ADMIN_PASSWORD: 'with # hash and spaces',
      DATA_DIR: '/var/lib/platform',
    });
    expect(result?.path).toBe(path);
    expect([...(result?.applied ?? [])].sort()).toEqual([
      'ADMIN_PASSWORD',
      'DATA_DIR',
      'LOG_LEVEL',
    ]);
    expect([...(result?.overridden ?? [])].sort()).toEqual(['EMPTY_IN_ENV', 'PORT']);
  });

  it('does nothing without a file', () => {
    const env = { PORT: '1' };
    expect(loadEnvFile(env, join(dir, '.env'))).toBeUndefined();
    expect(env).toEqual({ PORT: '1' });
  });

  it('reports a file it cannot read', () => {
    const path = join(dir, '.env');
    writeFileSync(path, 'A=1\n');
    chmodSync(path, 0o000);
    if (process.getuid?.() === 0) return; // root reads anything
    expect(() => loadEnvFile({}, path)).toThrow(/cannot read .*\.env/);
  });
});
