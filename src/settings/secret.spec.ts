import { inspect } from 'node:util';
import { loadSettings } from './settings.loader';

describe('secret settings', () => {
  const env = {
    ADMIN_PASSWORD: 'admin-pw-123',
    KVSTORE_AUTH: 'user:redis-pw-456',
    KVSTORE_SENTINEL_AUTH: 'sentinel-pw-789',
    REDIS_PERSECOND_AUTH: 'persecond-pw-000',
  };

  it('never print their values, however the settings are logged', () => {
    const settings = loadSettings(env);
    const printed = [
      JSON.stringify(settings),
      inspect(settings, { depth: 10 }),
      `${settings.identity.adminPassword as unknown as string}`,
      String(settings.identity.adminPassword),
      String(settings.kvstore.auth),
      String(settings.kvstorePerSecond.auth),
    ].join('\n');
    for (const value of Object.values(env)) expect(printed).not.toContain(value);
    expect(printed).toContain('[secret]');
  });

  it('reveal their values to the one place that uses them, and forget them when told', () => {
    const settings = loadSettings(env);
    expect(settings.kvstore.auth.reveal()).toBe('user:redis-pw-456');
    expect(settings.kvstore.sentinelAuth.reveal()).toBe('sentinel-pw-789');
    expect(settings.kvstorePerSecond.auth.reveal()).toBe('persecond-pw-000');
    const admin = settings.identity.adminPassword;
    expect(admin.isSet).toBe(true);
    expect(admin.reveal()).toBe('admin-pw-123');
    admin.forget();
    expect(admin.reveal()).toBe('');
    expect(admin.isSet).toBe(false);
    expect(loadSettings({}).identity.adminPassword.isSet).toBe(false);
  });
});
