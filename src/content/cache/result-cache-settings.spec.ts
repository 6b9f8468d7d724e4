import { loadSettings } from '../../settings/settings.loader';
import { resultSettingsFingerprint } from './result-cache-settings';

describe('resultSettingsFingerprint', () => {
  const fingerprint = (env: Record<string, string>) => resultSettingsFingerprint(loadSettings(env));

  it('is the same for the same settings, so instances share results', () => {
    expect(fingerprint({ GRAPHQL_MAX_RESULTS: '20' })).toBe(
      fingerprint({ GRAPHQL_MAX_RESULTS: '20' }),
    );
  });

  it('differs for settings that change an answer: the dialect, limits, dev mode', () => {
    const base = fingerprint({});
    expect(fingerprint({ GRAPHQL_CRAFT_VERSION: '5' })).not.toBe(base);
    expect(fingerprint({ GRAPHQL_MAX_RESULTS: '20' })).not.toBe(base);
    expect(fingerprint({ GRAPHQL_DEV_MODE: 'true' })).not.toBe(base);
  });
});
