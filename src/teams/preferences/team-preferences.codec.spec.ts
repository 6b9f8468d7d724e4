import { GrafanaError } from '../../identity/http/grafana-error';
import { decodePreferencesUpdate, preferencesView } from './team-preferences.codec';

function failure(body: unknown): GrafanaError {
  try {
    decodePreferencesUpdate(body);
  } catch (error) {
    if (error instanceof GrafanaError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('team preferences', () => {
  it('replace everything: omitted keys reset to defaults', () => {
    expect(decodePreferencesUpdate({ theme: 'dark' })).toEqual({
      theme: 'dark',
      homeDashboardId: 0,
      timezone: '',
      weekStart: '',
      jsonData: {},
    });
    expect(decodePreferencesUpdate(undefined)).toEqual(decodePreferencesUpdate({}));
  });

  it("accept the Go client's body (constant navbar and queryHistory, unknown locale)", () => {
    const stored = decodePreferencesUpdate({
      theme: 'light',
      timezone: 'utc',
      weekStart: 'monday',
      locale: 'en-US',
      navbar: { savedItems: null },
      queryHistory: { homeTab: '' },
    });
    expect(preferencesView(stored)).toEqual({
      timezone: 'utc',
      weekStart: 'monday',
      theme: 'light',
    });
  });

  it('read back only the non-empty keys; {} without stored preferences', () => {
    expect(preferencesView(undefined)).toEqual({});
    const stored = decodePreferencesUpdate({
      Theme: 'system',
      language: 'fr-FR',
      queryHistory: { homeTab: 'starred' },
      navbar: { bookmarkUrls: [] },
      cookies: ['analytics', 'functional'],
      homeDashboardId: 12,
    });
    expect(stored.homeDashboardId).toBe(12);
    expect(stored.jsonData.cookiePreferences).toEqual({ analytics: {}, functional: {} });
    expect(preferencesView(stored)).toEqual({
      theme: 'system',
      language: 'fr-FR',
      queryHistory: { homeTab: 'starred' },
      navbar: { bookmarkUrls: [] },
    });
  });

  it('validate the theme, the home dashboard and the cookie types, in that order', () => {
    expect(failure({ theme: 'neon', homeDashboardUID: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid theme' },
    });
    expect(failure({ theme: 'dark', homeDashboardUID: 'abc', cookies: ['x'] })).toMatchObject({
      status: 404,
      body: { message: 'Dashboard not found', traceID: '' },
    });
    expect(failure({ cookies: ['analytics', 'tracking'] })).toMatchObject({
      status: 400,
      body: { messageId: 'preferences.unknownCookieType', statusCode: 400 },
    });
    expect(
      decodePreferencesUpdate({ homeDashboardId: 7, homeDashboardUID: '' }).homeDashboardId,
    ).toBe(0);
  });

  it('answer bad request data for wrong JSON types', () => {
    for (const body of [
      { theme: 1 },
      { cookies: 'analytics' },
      { navbar: [] },
      { homeDashboardId: '1' },
      [],
    ])
      expect(failure(body)).toMatchObject({ status: 400, body: { message: 'bad request data' } });
  });
});
