import { loadSettings } from './settings.loader';
import { SettingsError } from './settings';
import { parseProtectedApis } from './api-guard.settings';

describe('API rate limit settings', () => {
  it('are off by default: no domain, both APIs, no trusted proxy, draft headers', () => {
    expect(loadSettings({}).apiRateLimit).toEqual({
      domain: '',
      routes: ['graphql', 'teams'],
      trustedProxies: { kind: 'none' },
      headers: 'draft',
    });
  });

  it('read every variable', () => {
    const settings = loadSettings({
      API_RATE_LIMIT_DOMAIN: 'api',
      API_RATE_LIMIT_ROUTES: 'teams',
      API_RATE_LIMIT_TRUSTED_PROXIES: '2',
      API_RATE_LIMIT_HEADERS: 'both',
    }).apiRateLimit;
    expect(settings).toEqual({
      domain: 'api',
      routes: ['teams'],
      trustedProxies: { kind: 'hops', hops: 2 },
      headers: 'both',
    });
  });

  it('name the variable and the allowed values when wrong', () => {
    expect(() => loadSettings({ API_RATE_LIMIT_ROUTES: 'graphql,rest' })).toThrow(SettingsError);
    expect(() => loadSettings({ API_RATE_LIMIT_ROUTES: 'graphql,rest' })).toThrow(
      /API_RATE_LIMIT_ROUTES.*allowed values: a comma list of graphql, teams/,
    );
    expect(() => loadSettings({ API_RATE_LIMIT_HEADERS: 'ietf' })).toThrow(
      /API_RATE_LIMIT_HEADERS.*allowed values: draft, envoy, both, none/,
    );
    expect(() => loadSettings({ API_RATE_LIMIT_TRUSTED_PROXIES: 'proxy.local' })).toThrow(
      /API_RATE_LIMIT_TRUSTED_PROXIES.*"proxy.local" is not one/,
    );
  });

  it('parse the API list case-insensitively, once each, never empty', () => {
    expect(parseProtectedApis(' GraphQL , teams,graphql ')).toEqual(['graphql', 'teams']);
    expect(() => parseProtectedApis(' , ')).toThrow('allowed values');
  });
});
