import type { TeamPreferencesJson } from '../../infra/database/schema';
import type { UpdatePreferencesDto } from '../http/preferences/team-preferences.dto';

export interface StoredPreferences {
  readonly theme: string;
  readonly homeDashboardId: number;
  readonly timezone: string;
  readonly weekStart: string;
  readonly jsonData: TeamPreferencesJson;
}

/**
 * The row a validated preferences PUT stores (UpdatePreferencesDto checked the values). It
 * replaces everything: omitted keys reset.
 */
export function storedPreferences(cmd: UpdatePreferencesDto): StoredPreferences {
  const jsonData: TeamPreferencesJson = {};
  if (cmd.language) jsonData.language = cmd.language;
  if (cmd.queryHistory) jsonData.queryHistory = { homeTab: cmd.queryHistory.homeTab };
  if (cmd.navbar?.bookmarkUrls) jsonData.navbar = { bookmarkUrls: cmd.navbar.bookmarkUrls };
  if (cmd.cookies) {
    jsonData.cookiePreferences = Object.fromEntries(cmd.cookies.map((cookie) => [cookie, {}]));
  }
  return {
    theme: cmd.theme,
    // A (necessarily empty) homeDashboardUID clears the deprecated id.
    homeDashboardId: cmd.homeDashboardUID !== undefined ? 0 : cmd.homeDashboardId,
    timezone: cmd.timezone,
    weekStart: cmd.weekStart,
    jsonData,
  };
}

/** What `preferencesView` returns. */
export interface PreferencesView {
  homeDashboardUID?: string;
  timezone?: string;
  weekStart?: string;
  theme?: string;
  language?: string;
  queryHistory?: { homeTab: string };
  navbar?: { bookmarkUrls: string[] };
}

/**
 * The GET answer of Grafana 10+: only non-empty keys, `{}` without stored preferences.
 * `homeDashboardUID` never appears (no dashboard can resolve here) and `homeDashboardId` is not
 * returned by Grafana 10+ at all.
 */
export function preferencesView(stored: StoredPreferences | undefined): PreferencesView {
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
