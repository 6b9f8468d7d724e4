import { Service } from './service-launcher';

export const FIXTURE_TEAMS = 100;
export const FIXTURE_MEMBERS = 5;

/** What the Teams rows read: a team that has members, on one process. */
export interface TeamsFixture {
  readonly teamId: number;
}

export const basicAuth = (password: string) =>
  `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;

/**
 * The same Teams data on a process, through its own API as the server admin: `FIXTURE_TEAMS`
 * teams named `bench-team-<i>`, and `FIXTURE_MEMBERS` users added to the first one (the admin is
 * a member of each team it creates, so that team lists one more).
 */
export async function teamsFixture(service: Service, password: string): Promise<TeamsFixture> {
  const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${service.httpUrl}${path}`, {
      method,
      headers: { authorization: basicAuth(password), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`${method} ${path} answered ${response.status} ${text.slice(0, 200)}`);
    }
    return JSON.parse(text) as T;
  };
  const teamIds: number[] = [];
  for (let i = 0; i < FIXTURE_TEAMS; i++) {
    const name = `bench-team-${String(i).padStart(3, '0')}`;
    const team = await call<{ teamId: number }>('POST', '/api/teams', {
      name,
      email: `${name}@example.com`,
    });
    teamIds.push(team.teamId);
  }
  for (let i = 0; i < FIXTURE_MEMBERS; i++) {
    const user = await call<{ id: number }>('POST', '/api/admin/users', {
      name: `Bench user ${i}`,
      login: `bench-user-${i}`,
      email: `bench-user-${i}@example.com`,
      password: `bench-password-${i}`,
    });
    await call('POST', `/api/teams/${teamIds[0]}/members`, { userId: user.id });
  }
  return { teamId: teamIds[0] };
}
