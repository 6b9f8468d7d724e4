import { request } from 'node:http';

/**
 * The wire habits of grafana-api-golang-client (spec §6): `Content-Type: application/json` on
 * every request (GET and DELETE too), Basic credentials or a Bearer key, `X-Grafana-Org-Id` when
 * an org is set, query keys sorted with spaces as `+`, and its exact paths and bodies. Results
 * are judged as the client judges them: 404 → ErrNotFound, ≥ 400 → error, else success, with
 * the body decoded only for calls that return a payload.
 */
export class GoClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`status: ${status}, body: ${body}`);
    this.name = status === 404 ? 'ErrNotFound' : 'GoClientError';
  }
}

export interface GoClientConfig {
  readonly basicAuth?: readonly [string, string];
  readonly apiKey?: string;
  readonly orgId?: number;
}

/** url.Values.Encode(): keys sorted, `+` for spaces. */
function encodeQuery(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map(
      (key) => `${encodeURIComponent(key)}=${encodeURIComponent(values[key]).replace(/%20/g, '+')}`,
    )
    .join('&');
}

export class GoClient {
  /** Raw requests as sent, for assertions on the wire format. */
  readonly sent: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
  }[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly config: GoClientConfig,
  ) {}

  private async call(
    method: string,
    path: string,
    query?: Record<string, string>,
    body?: object,
  ): Promise<string> {
    const url = new URL(this.baseUrl);
    const fullPath = `${path}${query ? `?${encodeQuery(query)}` : ''}`;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.config.apiKey) headers.Authorization = `Bearer ${this.config.apiKey}`;
    else if (this.config.basicAuth) {
      headers.Authorization = `Basic ${Buffer.from(this.config.basicAuth.join(':')).toString('base64')}`;
    }
    if (this.config.orgId) headers['X-Grafana-Org-Id'] = String(this.config.orgId);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
    this.sent.push({ method, path: fullPath, headers, body: payload });
    const { status, text } = await new Promise<{ status: number; text: string }>(
      (resolve, reject) => {
        const req = request(
          { host: url.hostname, port: url.port, method, path: fullPath, headers },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        if (payload !== undefined) req.write(payload);
        req.end();
      },
    );
    if (status >= 400) throw new GoClientError(status, text);
    return text;
  }

  // Functions with a payload decode the body (json.Unmarshal).
  async searchTeam(query: string): Promise<SearchTeam> {
    const text = await this.call('GET', '/api/teams/search', {
      page: '1',
      perPage: '1000',
      query,
    });
    return JSON.parse(text) as SearchTeam;
  }

  async team(id: number): Promise<Team> {
    return JSON.parse(await this.call('GET', `/api/teams/${id}`)) as Team;
  }

  async addTeam(name: string, email = ''): Promise<number> {
    const body: Record<string, string> = { name };
    if (email !== '') body.email = email;
    const text = await this.call('POST', '/api/teams', undefined, body);
    return (JSON.parse(text) as { teamId: number }).teamId;
  }

  async updateTeam(id: number, name: string, email = ''): Promise<void> {
    const body: Record<string, string> = { name };
    if (email !== '') body.email = email;
    await this.call('PUT', `/api/teams/${id}`, undefined, body);
  }

  async deleteTeam(id: number): Promise<void> {
    await this.call('DELETE', `/api/teams/${id}`);
  }

  async teamMembers(id: number): Promise<TeamMember[]> {
    return JSON.parse(await this.call('GET', `/api/teams/${id}/members`)) as TeamMember[];
  }

  async addTeamMember(id: number, userID: number): Promise<void> {
    await this.call('POST', `/api/teams/${id}/members`, undefined, { userID });
  }

  async removeMemberFromTeam(id: number, userID: number): Promise<void> {
    await this.call('DELETE', `/api/teams/${id}/members/${userID}`);
  }

  async teamPreferences(id: number): Promise<Preferences> {
    return JSON.parse(await this.call('GET', `/api/teams/${id}/preferences`)) as Preferences;
  }

  /** Non-empty scalars, plus the two nested structs Go always serialises. */
  async updateTeamPreferences(id: number, preferences: Preferences): Promise<void> {
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(preferences)) {
      if (value !== '' && value !== 0 && value !== undefined && typeof value !== 'object') {
        body[key] = value;
      }
    }
    body.navbar = preferences.navbar ?? { savedItems: null };
    body.queryHistory = preferences.queryHistory ?? { homeTab: '' };
    await this.call('PUT', `/api/teams/${id}/preferences`, undefined, body);
  }
}

/** The usual "team by name" pattern of Go client users: search, then compare names exactly. */
export async function teamByName(client: GoClient, name: string): Promise<Team> {
  const result = await client.searchTeam(name);
  const found = result.teams.find((team) => team.name === name);
  if (!found) throw new Error('team not found');
  return found;
}

export interface Team {
  id: number;
  orgId: number;
  name: string;
  email?: string;
  avatarUrl?: string;
  memberCount?: number;
  permission?: number;
}
export interface SearchTeam {
  totalCount: number;
  teams: Team[];
  page: number;
  perPage: number;
}
export interface TeamMember {
  orgId: number;
  teamId: number;
  userId: number;
  email: string;
  login: string;
  avatarUrl: string;
  permission: number;
  labels: string[];
}
export interface Preferences {
  theme?: string;
  homeDashboardId?: number;
  homeDashboardUID?: string;
  timezone?: string;
  weekStart?: string;
  locale?: string;
  navbar?: { savedItems: null | unknown[] };
  queryHistory?: { homeTab: string };
}
