import { inspect } from 'node:util';
import { loadSettings } from './settings.loader';

describe('secret settings', () => {
  const env = { ADMIN_PASSWORD: 'admin-pw-123' };

  it('never print their values, however the settings are logged', () => {
    const settings = loadSettings(env);
    const printed = [
      JSON.stringify(settings),
      inspect(settings, { depth: 10 }),
      `${settings.identity.adminPassword as unknown as string}`,
      String(settings.identity.adminPassword),
    ].join('\n');
    for (const value of Object.values(env)) expect(printed).not.toContain(value);
    expect(printed).toContain('[secret]');
  });

  it('reveal their values to the one place that uses them, and forget them when told', () => {
    const settings = loadSettings(env);
    const admin = settings.identity.adminPassword;
    expect(admin.isSet).toBe(true);
    expect(admin.reveal()).toBe('admin-pw-123');
    admin.forget();
    expect(admin.reveal()).toBe('');
    expect(admin.isSet).toBe(false);
    expect(loadSettings({}).identity.adminPassword.isSet).toBe(false);
  });
});
