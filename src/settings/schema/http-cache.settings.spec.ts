import { loadSettings } from '../settings.loader';
import { SettingsError } from '../settings';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return [...error.problems];
    throw error;
  }
  return [];
}

describe('the content API’s HTTP caching settings', () => {
  it('default to no Cache-Control and no webhook', () => {
    const { content } = loadSettings({});
    expect([content.httpCacheMaxAge, content.httpCacheStaleWhileRevalidate]).toEqual([0, 0]);
    expect(content.invalidationWebhook.isSet).toBe(false);
  });

  it('keep the webhook URL as a secret, and refuse what fetch could not call', () => {
    const url = 'https://relay.example/purge?key=s3cret';
    const { content } = loadSettings({
      GRAPHQL_HTTP_CACHE_MAX_AGE: '300',
      GRAPHQL_HTTP_CACHE_STALE_WHILE_REVALIDATE: '60',
      GRAPHQL_INVALIDATION_WEBHOOK: ` ${url} `,
    });
    expect([content.httpCacheMaxAge, content.httpCacheStaleWhileRevalidate]).toEqual([300, 60]);
    expect(content.invalidationWebhook.reveal()).toBe(url);
    expect(JSON.stringify(content)).not.toContain('s3cret');
    for (const bad of [
      'relay.example/purge',
      'ftp://relay.example/',
      'https://u:p@relay.example/',
    ]) {
      expect(problemsOf({ GRAPHQL_INVALIDATION_WEBHOOK: bad })).toEqual([
        expect.stringContaining('GRAPHQL_INVALIDATION_WEBHOOK'),
      ]);
    }
    expect(problemsOf({ GRAPHQL_HTTP_CACHE_MAX_AGE: '-1' })).toHaveLength(1);
  });
});
