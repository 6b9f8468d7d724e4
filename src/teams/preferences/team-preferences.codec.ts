import type { TeamPreferencesJson } from '../../infra/database/schema';
import { decodeBodyOr400 } from '../../identity/http/go-json';
import { GrafanaError } from '../../identity/http/grafana-error';

/** Grafana's theme ids (light, dark, system and the extra ones of Grafana 11/12). */
export const THEMES = new Set([
  'light',
  'dark',
  'system',
  'aubergine',
  'debug',
  'desertbloom',
  'deuteranopia_protanopia_dark',
  'deuteranopia_protanopia_light',
  'gildedgrove',
  'gloom',
  'mars',
  'matrix',
  'oceanblue',
  'sapphiredusk',
  'synthwave',
  'tritanopia_dark',
  'tritanopia_light',
  'tron',
  'victorian',
  'zen',
]);

const COOKIE_TYPES = new Set(['analytics', 'performance', 'functional']);

/** The PUT body, `UpdatePrefsCmd`; unknown keys (the Go client's `locale`) are ignored. */
const UPDATE_PREFS = {
  theme: 'string',
  homeDashboardId: 'int',
  homeDashboardUID: 'string',
  timezone: 'string',
  weekStart: 'string',
  queryHistory: { object: { homeTab: 'string' } },
  language: 'string',
  regionalFormat: 'string',
  cookies: 'strings',
  navbar: { object: { bookmarkUrls: 'strings' } },
} as const;

export interface StoredPreferences {
  readonly theme: string;
  readonly homeDashboardId: number;
  readonly timezone: string;
  readonly weekStart: string;
  readonly jsonData: TeamPreferencesJson;
}

/**
 * Decodes and validates a preferences PUT, in Grafana's order: body, theme (`400 Invalid theme`),
 * home dashboard (`404 Dashboard not found`: there are no dashboards here, so any non-empty uid),
 * cookie types (structured 400). The result replaces everything: omitted keys reset.
 */
export function decodePreferencesUpdate(body: unknown): StoredPreferences {
  const cmd = decodeBodyOr400(body, UPDATE_PREFS);
  const theme = cmd.theme ?? '';
  if (theme !== '' && !THEMES.has(theme)) throw GrafanaError.message(400, 'Invalid theme');
  let homeDashboardId = cmd.homeDashboardId ?? 0;
  if (cmd.homeDashboardUID !== undefined) {
    if (cmd.homeDashboardUID !== '') throw GrafanaError.message(404, 'Dashboard not found', true);
    homeDashboardId = 0;
  }
  const jsonData: TeamPreferencesJson = {};
  if (cmd.language) jsonData.language = cmd.language;
  if (cmd.queryHistory) jsonData.queryHistory = { homeTab: cmd.queryHistory.homeTab ?? '' };
  if (cmd.navbar?.bookmarkUrls) jsonData.navbar = { bookmarkUrls: cmd.navbar.bookmarkUrls };
  if (cmd.cookies) {
    const unknown = cmd.cookies.find((cookie) => !COOKIE_TYPES.has(cookie));
    if (unknown !== undefined)
      throw GrafanaError.structured(
        400,
        'preferences.unknownCookieType',
        "Got an unknown cookie preference type. Expected a set containing one or more of 'functional', 'performance', or 'analytics'}",
      );
    jsonData.cookiePreferences = Object.fromEntries(cmd.cookies.map((cookie) => [cookie, {}]));
  }
  return {
    theme,
    homeDashboardId,
    timezone: cmd.timezone ?? '',
    weekStart: cmd.weekStart ?? '',
    jsonData,
  };
}

/**
 * The GET answer of Grafana 10+: only non-empty keys, `{}` without stored preferences.
 * `homeDashboardUID` never appears (no dashboard can resolve here) and `homeDashboardId` is not
 * returned by Grafana 10+ at all.
 */
export function preferencesView(stored: StoredPreferences | undefined) {
  const view: {
    homeDashboardUID?: string;
    timezone?: string;
    weekStart?: string;
    theme?: string;
    language?: string;
    queryHistory?: { homeTab: string };
    navbar?: { bookmarkUrls: string[] };
  } = {};
  if (!stored) return view;
  if (stored.timezone !== '') view.timezone = stored.timezone;
  if (stored.weekStart !== '') view.weekStart = stored.weekStart;
  if (stored.theme !== '') view.theme = stored.theme;
  const json = stored.jsonData;
  if (json.language) view.language = json.language;
  if (json.queryHistory?.homeTab) view.queryHistory = { homeTab: json.queryHistory.homeTab };
  if (json.navbar?.bookmarkUrls) view.navbar = { bookmarkUrls: json.navbar.bookmarkUrls };
  return view;
}
