import { pass, refusal } from '../../infra/http/grafana/validation/validation.fixtures';
import { UpdatePreferencesDto } from '../http/preferences/team-preferences.dto';
import { preferencesView, storedPreferences } from './team-preferences.codec';

/** A PUT body as the controller receives it (validated by the pipe), then as stored. */
async function decodePreferencesUpdate(body: unknown) {
  return storedPreferences(await pass(UpdatePreferencesDto, body));
}

async function failure(body: unknown): Promise<{ status: number; body: object }> {
  const [status, answer] = await refusal(UpdatePreferencesDto, body);
  return { status, body: answer };
}

describe('team preferences', () => {
  it('replace everything: omitted keys reset to defaults', async () => {
    expect(await decodePreferencesUpdate({ theme: 'dark' })).toEqual({
      theme: 'dark',
      homeDashboardId: 0,
      timezone: '',
      weekStart: '',
      jsonData: {},
    });
    expect(await decodePreferencesUpdate(undefined)).toEqual(await decodePreferencesUpdate({}));
  });

  it("accept the Go client's body (constant navbar and queryHistory, unknown locale)", async () => {
    const stored = await decodePreferencesUpdate({
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

  it('read back only the non-empty keys; {} without stored preferences', async () => {
    expect(preferencesView(undefined)).toEqual({});
    const stored = await decodePreferencesUpdate({
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

  it('validate the theme, the home dashboard and the cookie types, in that order', async () => {
    expect(await failure({ theme: 'neon', homeDashboardUID: 'x' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid theme' },
    });
    expect(await failure({ theme: 'dark', homeDashboardUID: 'abc', cookies: ['x'] })).toMatchObject(
      {
        status: 404,
        body: { message: 'Dashboard not found', traceID: '' },
      },
    );
    expect(await failure({ cookies: ['analytics', 'tracking'] })).toMatchObject({
      status: 400,
      body: { messageId: 'preferences.unknownCookieType', statusCode: 400 },
    });
    expect(
      (await decodePreferencesUpdate({ homeDashboardId: 7, homeDashboardUID: '' })).homeDashboardId,
    ).toBe(0);
  });

  it('answer bad request data for wrong JSON types', async () => {
    for (const body of [
      { theme: 1 },
      { cookies: 'analytics' },
      { navbar: [] },
      { homeDashboardId: '1' },
      [],
    ]) {
      expect(await failure(body)).toMatchObject({
        status: 400,
        body: { message: 'bad request data' },
      });
    }
  });
});
