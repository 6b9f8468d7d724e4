import { ConfigService } from '@nestjs/config';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Settings, SettingsError } from './settings';
import { SettingsModule } from './settings.module';

describe('SettingsModule (ConfigModule with the settings schema as its validation)', () => {
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

  it('provides the validated object as Settings, and the ConfigService holds nothing else', async () => {
    const loaded = await SettingsModule.forRoot({ env: { PORT: '8090' }, envFile: false });
    const moduleRef = await Test.createTestingModule({ imports: [loaded.module] }).compile();
    expect(moduleRef.get(Settings)).toBe(loaded.settings);
    const config = moduleRef.get(ConfigService);
    expect(config.get('PORT')).toBeUndefined();
    expect(config.get('PATH')).toBeUndefined();
    await moduleRef.close();
  });
});
