import { SettingsError } from '../settings';
import { loadSettings } from '../settings.loader';

describe('GRAPHQL_PERSISTED_QUERIES', () => {
  it('defaults to auto and takes off, auto and only in any case', () => {
    expect(loadSettings({}).content.persistedQueries).toBe('auto');
    expect(loadSettings({ GRAPHQL_PERSISTED_QUERIES: 'OFF' }).content.persistedQueries).toBe('off');
    expect(loadSettings({ GRAPHQL_PERSISTED_QUERIES: 'only' }).content.persistedQueries).toBe(
      'only',
    );
  });

  it('refuses anything else', () => {
    expect(() => loadSettings({ GRAPHQL_PERSISTED_QUERIES: 'yes' })).toThrow(SettingsError);
  });
});
