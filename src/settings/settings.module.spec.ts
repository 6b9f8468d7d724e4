import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Settings, SettingsError } from './settings';
import { SettingsModule } from './settings.module';

describe('SettingsModule (the environment over .env, validated by the settings schema)', () => {
  let dir: string;
  let envFile: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'settings-module-'));
    envFile = join(dir, '.env');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the .env file under the environment: a variable set in the environment wins, even empty', async () => {
    writeFileSync(
      envFile,
      [
        '# a comment',
        'PORT=9000',
        'LOG_LEVEL=debug',
        'ADMIN_USER="with # hash and spaces"',
        "export DATA_DIR='/var/lib/platform'",
        'GRPC_PORT=9001',
        '',
      ].join('\n'),
    );
    const { settings } = await SettingsModule.forRoot({
      env: { PORT: '8088', GRPC_PORT: '' },
      envFile,
    });
    expect(settings.http.port).toBe(8088);
    expect(settings.log.level).toBe('debug');
    expect(settings.identity.adminUser).toBe('with # hash and spaces');
    expect(settings.identity.dataDir).toBe('/var/lib/platform');
    // Empty in the environment: the file does not fill it in, the default applies.
    expect(settings.grpc.port).toBe(8081);
  });

  it("puts a command's own defaults under the file and the environment", async () => {
    writeFileSync(envFile, 'PGLITE_SHARED_BUFFERS_MB=64\n');
    const defaults = { PGLITE_SHARED_BUFFERS_MB: '16', PGLITE_WORKER: 'false', PORT: '9000' };
    const { settings } = await SettingsModule.forRoot({
      env: { PORT: '9100' },
      envFile,
      defaults,
    });
    expect(settings.identity.pgliteSharedBuffersMb).toBe(64);
    expect(settings.identity.pgliteWorker).toBe(false);
    expect(settings.http.port).toBe(9100);
    const withoutFile = await SettingsModule.forRoot({ env: {}, envFile: false, defaults });
    expect(withoutFile.settings.identity.pgliteSharedBuffersMb).toBe(16);
  });

  it('leaves process.env alone: the file reaches the code only through Settings', async () => {
    const name = 'SETTINGS_MODULE_SPEC_ONLY_IN_FILE';
    writeFileSync(envFile, `${name}=1\nPORT=9000\n`);
    await SettingsModule.forRoot({ env: {}, envFile });
    expect(process.env[name]).toBeUndefined();
  });

  it('works without a file, and reads none when told so', async () => {
    expect((await SettingsModule.forRoot({ env: {}, envFile })).settings.http.port).toBe(8080);
    writeFileSync(envFile, 'PORT=9000\n');
    expect((await SettingsModule.forRoot({ env: {}, envFile: false })).settings.http.port).toBe(
      8080,
    );
  });

  it('stops on an invalid value, from the file or the environment, naming the variable and the allowed values', async () => {
    writeFileSync(envFile, 'PORT=99999\n');
    const loading = SettingsModule.forRoot({ env: { BACKEND_TYPE: 'mongo' }, envFile });
    await expect(loading).rejects.toThrow(SettingsError);
    await expect(loading).rejects.toThrow(/PORT="99999"/);
    await expect(loading).rejects.toThrow(/BACKEND_TYPE="mongo": allowed values: memory/);
  });

  it('passes warnings on', async () => {
    const warnings: string[] = [];
    await SettingsModule.forRoot({
      env: { KVSTORE_URL: 'a:1', REDIS_URL: 'b:2', BACKEND_TYPE: 'memory' },
      envFile: false,
      warn: (message) => warnings.push(message),
    });
    expect(warnings).toEqual([
      'KVSTORE_URL and REDIS_URL are both set with different values; KVSTORE_URL wins',
    ]);
  });

  it('provides the validated object as Settings', async () => {
    const loaded = await SettingsModule.forRoot({ env: { PORT: '8090' }, envFile: false });
    const moduleRef = await Test.createTestingModule({ imports: [loaded.module] }).compile();
    expect(moduleRef.get(Settings)).toBe(loaded.settings);
    expect(loaded.settings.http.port).toBe(8090);
    await moduleRef.close();
  });

  it('reads the environment of the process when given none', async () => {
    const name = 'PORT';
    const saved = process.env[name];
    process.env[name] = '8091';
    try {
      writeFileSync(envFile, 'PORT=9000\n');
      expect((await SettingsModule.forRoot({ envFile })).settings.http.port).toBe(8091);
    } finally {
      if (saved === undefined) delete process.env[name];
      else process.env[name] = saved;
    }
  });

  it('reads multi-line quoted values and keeps a trailing comment out of the value', async () => {
    writeFileSync(envFile, 'ADMIN_USER="two\nlines"\nLOG_LEVEL=debug # more verbose\n');
    const { settings } = await SettingsModule.forRoot({ env: {}, envFile });
    expect(settings.identity.adminUser).toBe('two\nlines');
    expect(settings.log.level).toBe('debug');
  });
});
