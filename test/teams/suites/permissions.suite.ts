import { Credentials } from '../../support/grafana-api';
import { addMember, createTeam, createUser, World } from '../world';
import { ACCESS_DENIED } from './identity.suite';

const CALLERS = [
  'org Admin',
  'Editor',
  'Viewer',
  'team Admin',
  'team Member',
  'service account (Admin)',
  'service account (Viewer)',
  'no credentials',
  'wrong password',
] as const;
type Caller = (typeof CALLERS)[number];

function credentials(w: World, caller: Caller): Credentials {
  switch (caller) {
    case 'org Admin':
      return w.admin.auth;
    case 'Editor':
      return w.editor.auth;
    case 'Viewer':
      return w.viewer.auth;
    case 'team Admin':
      return w.teamAdmin.auth;
    case 'team Member':
      return w.teamMember.auth;
    case 'service account (Admin)':
      return { token: w.adminToken };
    case 'service account (Viewer)':
      return { token: w.viewerToken };
    case 'no credentials':
      return undefined;
    case 'wrong password':
      return { basic: [w.admin.login, 'not-the-password'] };
  }
}

/** Which callers pass each route's RBAC check; everyone else gets 403 (401 without sign-in). */
const MANAGERS: readonly Caller[] = ['org Admin', 'team Admin', 'service account (Admin)'];
const READERS: readonly Caller[] = [...MANAGERS, 'team Member'];

interface Route {
  readonly action: string;
  readonly allowed: readonly Caller[];
  /** The request, against a fresh team where `team Admin` is Admin and `team Member` Member. */
  readonly call: (
    w: World,
    auth: Credentials,
    team: { id: number; uid: string },
    /** A user of the org in no team, to add. */
    bystander: number,
  ) => Promise<{ status: number; body: unknown }>;
  readonly success?: number;
}

const ROUTES: Record<string, Route> = {
  'GET /api/teams/search (E1)': {
    action: 'teams:read',
    allowed: READERS,
    call: (w, auth) => w.api.as(auth).get('/api/teams/search'),
  },
  'GET /api/teams/:id (E2)': {
    action: 'teams:read',
    allowed: READERS,
    call: (w, auth, team) => w.api.as(auth).get(`/api/teams/${team.id}`),
  },
  'POST /api/teams (E3)': {
    action: 'teams:create',
    allowed: ['org Admin', 'service account (Admin)'],
    call: (w, auth) => w.api.as(auth).post('/api/teams', { name: w.unique('matrix') }),
  },
  'PUT /api/teams/:id (E4)': {
    action: 'teams:write',
    allowed: MANAGERS,
    call: (w, auth, team) => w.api.as(auth).put(`/api/teams/${team.uid}`, { name: w.unique('m') }),
  },
  'DELETE /api/teams/:id (E5)': {
    action: 'teams:delete',
    allowed: MANAGERS,
    call: (w, auth, team) => w.api.as(auth).delete(`/api/teams/${team.id}`),
  },
  'GET /api/teams/:id/members (E6)': {
    action: 'teams.permissions:read',
    allowed: MANAGERS,
    call: (w, auth, team) => w.api.as(auth).get(`/api/teams/${team.id}/members`),
  },
  'POST /api/teams/:id/members (E7)': {
    action: 'teams.permissions:write',
    allowed: MANAGERS,
    call: (w, auth, team, bystander) =>
      w.api.as(auth).post(`/api/teams/${team.id}/members`, { userId: bystander }),
  },
  'PUT /api/teams/:id/members (E8)': {
    action: 'teams.permissions:write',
    allowed: MANAGERS,
    call: (w, auth, team) =>
      w.api.as(auth).put(`/api/teams/${team.id}/members`, {
        members: [w.teamMember.email],
        admins: [w.teamAdmin.email],
      }),
  },
  'PUT /api/teams/:id/members/:userId (E9)': {
    action: 'teams.permissions:write',
    allowed: MANAGERS,
    call: (w, auth, team) =>
      w.api.as(auth).put(`/api/teams/${team.id}/members/${w.teamMember.id}`, { permission: 4 }),
  },
  'DELETE /api/teams/:id/members/:userId (E10)': {
    action: 'teams.permissions:write',
    allowed: MANAGERS,
    call: (w, auth, team) =>
      w.api.as(auth).delete(`/api/teams/${team.id}/members/${w.teamMember.id}`),
  },
  'GET /api/teams/:id/preferences (E11)': {
    action: 'teams:read',
    allowed: READERS,
    call: (w, auth, team) => w.api.as(auth).get(`/api/teams/${team.id}/preferences`),
  },
  'PUT /api/teams/:id/preferences (E12)': {
    action: 'teams:write',
    allowed: MANAGERS,
    call: (w, auth, team) =>
      w.api.as(auth).put(`/api/teams/${team.id}/preferences`, { theme: 'light' }),
  },
};

export function permissionsSuite(world: () => World): void {
  describe('permission matrix (spec §4.3)', () => {
    let bystander: number;
    beforeAll(async () => {
      bystander = (await createUser(world(), 'bystander')).id;
    });

    for (const [name, route] of Object.entries(ROUTES)) {
      it(name, async () => {
        const w = world();
        const outcomes: Record<string, number> = {};
        const expected: Record<string, number> = {};
        for (const caller of CALLERS) {
          const team = await createTeam(w);
          await addMember(w, team.id, w.teamAdmin.id, true);
          await addMember(w, team.id, w.teamMember.id);
          const answer = await route.call(w, credentials(w, caller), team, bystander);
          outcomes[caller] = answer.status;
          expected[caller] =
            caller === 'no credentials' || caller === 'wrong password'
              ? 401
              : route.allowed.includes(caller)
                ? 200
                : 403;
          if (answer.status === 403) expect(answer.body).toEqual(ACCESS_DENIED(route.action));
        }
        expect(outcomes).toEqual(expected);
      });
    }

    it('answers 403 to team-scoped callers for teams they are not in, existing or not', async () => {
      const w = world();
      const team = await createTeam(w);
      const teamAdmin = w.api.as(w.teamAdmin.auth);
      for (const id of [team.id, 987654]) {
        const answer = await teamAdmin.get(`/api/teams/${id}`);
        expect([answer.status, answer.body]).toEqual([403, ACCESS_DENIED('teams:read')]);
      }
      expect((await w.api.get('/api/teams/987654')).status).toBe(404);
      expect((await w.api.as({ token: w.adminToken }).get('/api/teams/987654')).status).toBe(404);
    });

    it('lets a team Admin manage their team but not create teams', async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamAdmin.id, true);
      const teamAdmin = w.api.as(w.teamAdmin.auth);
      expect(
        (await teamAdmin.post(`/api/teams/${team.id}/members`, { userId: w.teamMember.id })).status,
      ).toBe(200);
      expect(
        (await teamAdmin.put(`/api/teams/${team.id}/members/${w.teamMember.id}`, { permission: 4 }))
          .status,
      ).toBe(200);
      // The promoted member now manages the team too.
      expect(
        (await w.api.as(w.teamMember.auth).put(`/api/teams/${team.id}`, { name: w.unique('x') }))
          .status,
      ).toBe(200);
      expect((await teamAdmin.delete(`/api/teams/${team.id}`)).status).toBe(200);
      expect((await teamAdmin.post('/api/teams', { name: w.unique('y') })).body).toEqual(
        ACCESS_DENIED('teams:create'),
      );
    });
  });
}
