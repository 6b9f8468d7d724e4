/* eslint-disable max-lines -- the team-resource contract in one suite, run on both databases: split, its steps would share state across files */
import { GrafanaApi } from '../../support/grafana-api';
import { addMember, createTeam, createUser, World } from '../world';

const GV = 'iam.grafana.app/v0alpha1';
const BASE = `/apis/${GV}/namespaces`;

interface TeamObject {
  kind: string;
  apiVersion: string;
  metadata: {
    name: string;
    namespace: string;
    uid: string;
    resourceVersion: string;
    creationTimestamp: string;
    labels: Record<string, string>;
    annotations: Record<string, string>;
  };
  spec: {
    title: string;
    email: string;
    provisioned: boolean;
    externalUID: string;
    members: { kind: string; name: string; permission: string; external: boolean }[];
    externalGroups: string[];
  };
}

interface TeamList {
  kind: string;
  apiVersion: string;
  metadata: { resourceVersion: string; continue?: string };
  items: TeamObject[];
}

/** A Status failure; `details` are expected on the errors about one object. */
const status = (
  code: number,
  reason: string,
  message?: string | RegExp,
  details = code === 404 || code === 409 || code === 422,
) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message:
    message === undefined
      ? expect.any(String)
      : message instanceof RegExp
        ? expect.stringMatching(message)
        : message,
  reason,
  ...(details ? { details: expect.any(Object) } : {}),
  code,
});

/** The uid of a user, as `/apis` names members. */
async function userUid(api: GrafanaApi, id: number): Promise<string> {
  return (await api.get<{ uid: string }>(`/api/users/${id}`)).body.uid;
}

export function teamResourcesSuite(world: () => World): void {
  const api = () => world().api;
  const teams = (namespace = 'default') => `${BASE}/${namespace}/teams`;
  const mergePatch = (path: string, body: unknown, as?: GrafanaApi) =>
    (as ?? api()).patch<TeamObject>(path, body, {
      headers: { 'content-type': 'application/merge-patch+json' },
    });

  describe('/apis discovery', () => {
    it('lists the iam.grafana.app group and its teams resource', async () => {
      const groups = await api().get('/apis');
      expect([groups.status, groups.body]).toEqual([
        200,
        {
          kind: 'APIGroupList',
          apiVersion: 'v1',
          groups: [
            {
              name: 'iam.grafana.app',
              versions: [{ groupVersion: GV, version: 'v0alpha1' }],
              preferredVersion: { groupVersion: GV, version: 'v0alpha1' },
            },
          ],
        },
      ]);
      expect((await api().get('/apis/iam.grafana.app')).body).toMatchObject({
        kind: 'APIGroup',
        name: 'iam.grafana.app',
      });
      const resources = await api().get<{ resources: { name: string; verbs: string[] }[] }>(
        `/apis/${GV}`,
      );
      expect(resources.body).toMatchObject({ kind: 'APIResourceList', groupVersion: GV });
      expect(resources.body.resources).toEqual([
        {
          name: 'teams',
          singularName: 'team',
          namespaced: true,
          kind: 'Team',
          verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'],
        },
      ]);
      const unknown = await api().get('/apis/dashboard.grafana.app/v1');
      expect([unknown.status, unknown.body]).toEqual([
        404,
        status(404, 'NotFound', 'the server could not find the requested resource', false),
      ]);
      const anonymous = await api().as(undefined).get('/apis');
      expect([anonymous.status, anonymous.body]).toEqual([
        401,
        status(401, 'Unauthorized', 'Unauthorized'),
      ]);
    });
  });

  describe('/apis teams resource', () => {
    it('creates a team that /api/teams serves at once, with its members', async () => {
      const w = world();
      const viewerUid = await userUid(api(), w.viewer.id);
      const title = w.unique('k8s team');
      const created = await api().post<TeamObject>(teams(), {
        apiVersion: GV,
        kind: 'Team',
        metadata: {
          name: w.unique('k8s').toLowerCase(),
          labels: { env: 'prod' },
          annotations: { owner: 'ops' },
        },
        spec: {
          title,
          email: 'k8s@example.com',
          members: [{ kind: 'User', name: viewerUid, permission: 'admin' }],
        },
      });
      expect(created.status).toBe(201);
      const object = created.body;
      expect(object).toEqual({
        kind: 'Team',
        apiVersion: GV,
        metadata: {
          name: expect.any(String),
          namespace: 'default',
          uid: expect.stringMatching(
            /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
          ),
          resourceVersion: expect.stringMatching(/^\d+$/),
          creationTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
          labels: {
            env: 'prod',
            'grafana.app/deprecatedInternalID': expect.stringMatching(/^\d+$/),
          },
          annotations: { owner: 'ops', 'grafana.app/updatedTimestamp': expect.any(String) },
        },
        spec: {
          title,
          email: 'k8s@example.com',
          provisioned: false,
          externalUID: '',
          members: [{ kind: 'User', name: viewerUid, permission: 'admin', external: false }],
          externalGroups: [],
        },
      });
      const id = object.metadata.labels['grafana.app/deprecatedInternalID'];
      const legacy = await api().get(`/api/teams/${object.metadata.name}`);
      expect(legacy.body).toMatchObject({
        id: Number(id),
        uid: object.metadata.name,
        name: title,
        memberCount: 1,
      });
      const members = await api().get<{ userId: number; permission: number }[]>(
        `/api/teams/${id}/members`,
      );
      expect(members.body.map((m) => [m.userId, m.permission])).toEqual([[w.viewer.id, 4]]);
      // The object reads back the same.
      expect((await api().get(`${teams()}/${object.metadata.name}`)).body).toEqual(object);
    });

    it('round-trips: created through /apis, changed through /api/teams, read through /apis', async () => {
      const w = world();
      const name = w.unique('trip').toLowerCase();
      const created = await api().post<TeamObject>(teams(), {
        metadata: { name },
        spec: { title: w.unique('Trip'), members: [] },
      });
      const before = created.body.metadata.resourceVersion;
      const renamed = w.unique('Trip renamed');
      expect(
        (await api().put(`/api/teams/${name}`, { name: renamed, email: 'trip@example.com' }))
          .status,
      ).toBe(200);
      expect(
        (await api().post(`/api/teams/${name}/members`, { userId: w.teamMember.id })).status,
      ).toBe(200);
      const after = await api().get<TeamObject>(`${teams()}/${name}`);
      expect(after.body.spec).toMatchObject({
        title: renamed,
        email: 'trip@example.com',
        members: [
          {
            kind: 'User',
            name: await userUid(api(), w.teamMember.id),
            permission: 'member',
            external: false,
          },
        ],
      });
      expect(Number(after.body.metadata.resourceVersion)).toBeGreaterThan(Number(before));
      // And back: a member removed through /apis is gone from /api.
      const patched = await mergePatch(`${teams()}/${name}`, { spec: { members: [] } });
      expect(patched.status).toBe(200);
      expect((await api().get(`/api/teams/${name}`)).body).toMatchObject({ memberCount: 0 });
    });

    it('updates with optimistic concurrency on metadata.resourceVersion (409 Conflict)', async () => {
      const w = world();
      const team = await createTeam(w);
      const read = (await api().get<TeamObject>(`${teams()}/${team.uid}`)).body;
      const put = await api().put<TeamObject>(`${teams()}/${team.uid}`, {
        ...read,
        spec: { ...read.spec, email: 'first@example.com' },
      });
      expect(put.status).toBe(200);
      expect(put.body.spec.email).toBe('first@example.com');
      expect(put.body.metadata.resourceVersion).not.toBe(read.metadata.resourceVersion);
      // The same stale version again: refused, nothing written.
      const stale = await api().put(`${teams()}/${team.uid}`, {
        ...read,
        spec: { ...read.spec, email: 'second@example.com' },
      });
      expect([stale.status, stale.body]).toEqual([
        409,
        {
          ...status(
            409,
            'Conflict',
            `Operation cannot be fulfilled on teams.iam.grafana.app "${team.uid}": the object has been modified; please apply your changes to the latest version and try again`,
          ),
          details: { name: team.uid, group: 'iam.grafana.app', kind: 'teams' },
        },
      ]);
      // A change through /api/teams makes the version read through /apis stale too.
      const current = (await api().get<TeamObject>(`${teams()}/${team.uid}`)).body;
      await addMember(w, team.id, w.viewer.id);
      const afterMember = await api().put(`${teams()}/${team.uid}`, current);
      expect(afterMember.status).toBe(409);
      const patch = await mergePatch(`${teams()}/${team.uid}`, {
        metadata: { resourceVersion: current.metadata.resourceVersion },
        spec: { email: 'x@example.com' },
      });
      expect(patch.status).toBe(409);
      expect((await api().get(`/api/teams/${team.id}`)).body).toMatchObject({
        email: 'first@example.com',
      });
      // Without a resourceVersion the update is unconditional.
      const metadata: Partial<TeamObject['metadata']> = { ...current.metadata };
      delete metadata.resourceVersion;
      const unconditional = await api().put<TeamObject>(`${teams()}/${team.uid}`, {
        ...current,
        metadata,
      });
      expect(unconditional.status).toBe(200);
      // Delete preconditions are checked the same way.
      const deleteStale = await api().delete(`${teams()}/${team.uid}`, {
        body: { preconditions: { resourceVersion: read.metadata.resourceVersion } },
      });
      expect(deleteStale.status).toBe(409);
    });

    it('lets exactly one of concurrent updates from the same version win', async () => {
      const w = world();
      const team = await createTeam(w);
      const read = (await api().get<TeamObject>(`${teams()}/${team.uid}`)).body;
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          api().put(`${teams()}/${team.uid}`, {
            ...read,
            spec: { ...read.spec, email: `writer${n}@example.com` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409]);
      const winner = answers.find((answer) => answer.status === 200)?.body as TeamObject;
      expect((await api().get(`/api/teams/${team.id}`)).body).toMatchObject({
        email: winner.spec.email,
      });
    });

    it('merge-patches labels, members and groups, and refuses other patch types', async () => {
      const w = world();
      const team = await createTeam(w);
      const memberUid = await userUid(api(), w.teamMember.id);
      const patched = await mergePatch(`${teams()}/${team.uid}`, {
        metadata: { labels: { tier: 'gold' } },
        spec: {
          members: [{ kind: 'User', name: memberUid, permission: 'member' }],
          externalGroups: ['cn=ops,dc=example'],
        },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.metadata.labels.tier).toBe('gold');
      expect(patched.body.spec.members).toEqual([
        { kind: 'User', name: memberUid, permission: 'member', external: false },
      ]);
      expect(patched.body.spec.externalGroups).toEqual(['cn=ops,dc=example']);
      const removed = await mergePatch(`${teams()}/${team.uid}`, {
        metadata: { labels: { tier: null } },
      });
      expect(removed.body.metadata.labels).toEqual({
        'grafana.app/deprecatedInternalID': String(team.id),
      });
      for (const type of [
        'application/json-patch+json',
        'application/json',
        'application/strategic-merge-patch+json',
      ]) {
        const refused = await api().patch(`${teams()}/${team.uid}`, [], {
          headers: { 'content-type': type },
        });
        expect([refused.status, refused.body]).toEqual([
          415,
          status(415, 'UnsupportedMediaType', /application\/merge-patch\+json/),
        ]);
      }
    });

    it('lists with limit and continue, in the namespace of any org', async () => {
      const w = world();
      const editor = api().as(w.editor.auth);
      const namespace = `org-${w.otherOrgId}`;
      const names: string[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await editor.post<TeamObject>(teams(namespace), {
          metadata: { generateName: 'paged-' },
          spec: { title: w.unique('paged') },
        });
        expect(created.status).toBe(201);
        expect(created.body.metadata).toMatchObject({
          namespace,
          name: expect.stringMatching(/^paged-[a-z0-9]{5}$/),
        });
        names.push(created.body.metadata.name);
      }
      const seen: string[] = [];
      let token: string | undefined;
      let pages = 0;
      do {
        const page = await editor.get<TeamList>(
          `${teams(namespace)}?limit=2${token === undefined ? '' : `&continue=${encodeURIComponent(token)}`}`,
        );
        expect(page.status).toBe(200);
        expect(page.body).toMatchObject({ kind: 'TeamList', apiVersion: GV });
        expect(page.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.items.map((item) => item.metadata.name));
        token = page.body.metadata.continue;
        pages++;
      } while (token !== undefined && pages < 50);
      expect(seen).toEqual(expect.arrayContaining(names));
      expect(new Set(seen).size).toBe(seen.length);
      // Org 1's teams are not in this namespace.
      const own = await createTeam(w);
      expect(seen).not.toContain(own.uid);
      const bad = await editor.get(`${teams(namespace)}?continue=bogus`);
      expect([bad.status, bad.body]).toEqual([
        400,
        status(400, 'BadRequest', /continue key is not valid/),
      ]);
      expect((await editor.get(`${teams(namespace)}?limit=-1`)).status).toBe(400);
      // Selectors and watches are refused, never ignored.
      expect((await editor.get(`${teams(namespace)}?labelSelector=env%3Dprod`)).body).toEqual(
        status(400, 'BadRequest', 'labelSelector is not supported on teams'),
      );
      expect((await editor.get(`${teams(namespace)}?watch=true`)).status).toBe(405);
    });

    it('resolves namespaces: default and stacks-<id> are org 1; unknown orgs and strangers are refused', async () => {
      const w = world();
      const team = await createTeam(w);
      const viaStack = await api().get<TeamObject>(`${teams('stacks-12345')}/${team.uid}`);
      expect([viaStack.status, viaStack.body.metadata.namespace]).toEqual([200, 'stacks-12345']);
      expect((await api().get(`${teams('org-1')}/${team.uid}`)).status).toBe(200);
      const missingOrg = await api().get(teams('org-987654'));
      expect([missingOrg.status, missingOrg.body]).toEqual([
        404,
        status(404, 'NotFound', 'namespaces "org-987654" not found', true),
      ]);
      const malformed = await api().get(teams('prod'));
      expect([malformed.status, malformed.body]).toEqual([
        400,
        status(400, 'BadRequest', 'invalid namespace "prod"'),
      ]);
      // The viewer is not a member of the other org; the team is not in it either.
      const stranger = await api()
        .as(w.viewer.auth)
        .get(teams(`org-${w.otherOrgId}`));
      expect(stranger.status).toBe(403);
      expect(stranger.body).toMatchObject({ kind: 'Status', reason: 'Forbidden', code: 403 });
      const elsewhere = await api().get(`${teams(`org-${w.otherOrgId}`)}/${team.uid}`);
      expect(elsewhere.status).toBe(404);
    });

    it("applies /api/teams' permissions", async () => {
      const w = world();
      const team = await createTeam(w);
      await addMember(w, team.id, w.teamMember.id);
      const member = api().as(w.teamMember.auth);
      expect((await member.get(`${teams()}/${team.uid}`)).status).toBe(200);
      const list = await member.get<TeamList>(teams());
      expect(list.body.items.map((item) => item.metadata.name)).toContain(team.uid);
      const read = (await member.get<TeamObject>(`${teams()}/${team.uid}`)).body;
      const update = await member.put(`${teams()}/${team.uid}`, {
        ...read,
        spec: { ...read.spec, title: 'nope' },
      });
      expect([update.status, update.body]).toEqual([403, status(403, 'Forbidden', /teams:write/)]);
      expect((await member.delete(`${teams()}/${team.uid}`)).status).toBe(403);
      // A Viewer in no team has no teams:read at all.
      const loner = await createUser(w, 'loner');
      const lonerApi = api().as({ basic: [loner.login, loner.password] });
      expect((await lonerApi.get(teams())).status).toBe(403);
      const lonerCreate = await lonerApi.post(teams(), { spec: { title: w.unique('v') } });
      expect([lonerCreate.status, lonerCreate.body]).toEqual([
        403,
        status(403, 'Forbidden', /teams:create/),
      ]);
      const deleted = await api().delete(`${teams()}/${team.uid}`);
      expect([deleted.status, deleted.body]).toEqual([
        200,
        {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Success',
          details: {
            name: team.uid,
            group: 'iam.grafana.app',
            kind: 'teams',
            uid: read.metadata.uid,
          },
        },
      ]);
      expect((await api().get(`/api/teams/${team.id}`)).status).toBe(404);
      const again = await api().delete(`${teams()}/${team.uid}`);
      expect([again.status, again.body]).toEqual([
        404,
        {
          ...status(404, 'NotFound', `teams.iam.grafana.app "${team.uid}" not found`),
          details: { name: team.uid, group: 'iam.grafana.app', kind: 'teams' },
        },
      ]);
    });

    it('refuses bad objects with Status errors: 400 for types, 422 for values, 409 for names', async () => {
      const w = world();
      const existing = await createTeam(w);
      const post = (body: unknown) => api().post(teams(), body);
      for (const body of [
        '[]',
        { spec: { title: 5 } },
        { spec: { members: {} } },
        { metadata: { labels: { a: 1 } } },
        { metadata: { resourceVersion: 7 } },
      ]) {
        const refused = await post(body);
        expect([refused.status, refused.body]).toEqual([
          400,
          status(400, 'BadRequest', /cannot be handled as a Team/),
        ]);
      }
      expect((await post({ kind: 'Folder', spec: { title: 'x' } })).status).toBe(400);
      expect((await post({ apiVersion: 'iam.grafana.app/v1', spec: { title: 'x' } })).status).toBe(
        400,
      );
      expect((await post({ metadata: { namespace: 'org-2' }, spec: { title: 'x' } })).status).toBe(
        400,
      );
      expect((await post({ spec: { title: 'nul\u0000' } })).status).toBe(400);
      const nulUrl = await api().get(`${teams()}/a%00b`);
      expect([nulUrl.status, nulUrl.body]).toEqual([400, status(400, 'BadRequest', /NUL/)]);
      const broken = await api().post(teams(), '{"spec":');
      expect([broken.status, broken.body]).toEqual([400, status(400, 'BadRequest')]);
      const invalid = await post({
        metadata: { name: 'bad name!' },
        spec: { members: [{ kind: 'Robot', name: 'x', permission: 'owner' }] },
      });
      expect(invalid.status).toBe(422);
      expect(invalid.body).toMatchObject({
        kind: 'Status',
        reason: 'Invalid',
        code: 422,
        details: {
          causes: [
            { field: 'metadata.name', reason: 'FieldValueInvalid' },
            { field: 'spec.title', reason: 'FieldValueRequired' },
            { field: 'spec.members[0].kind', reason: 'FieldValueNotSupported' },
            { field: 'spec.members[0].permission', reason: 'FieldValueNotSupported' },
          ],
        },
      });
      const unknownUser = await post({
        spec: {
          title: w.unique('u'),
          members: [{ kind: 'User', name: 'no-such-uid', permission: 'member' }],
        },
      });
      expect(unknownUser.status).toBe(422);
      expect(unknownUser.body).toMatchObject({
        details: { causes: [{ field: 'spec.members[0].name', reason: 'FieldValueNotFound' }] },
      });
      expect(
        (await api().get(`/api/teams/search?name=${encodeURIComponent('u')}`)).body,
      ).toMatchObject({ totalCount: 0 });
      const taken = await post({
        metadata: { name: existing.uid },
        spec: { title: w.unique('t') },
      });
      expect([taken.status, taken.body]).toEqual([
        409,
        status(409, 'AlreadyExists', `teams.iam.grafana.app "${existing.uid}" already exists`),
      ]);
      const titleTaken = await post({ spec: { title: existing.name } });
      expect(titleTaken.status).toBe(409);
      expect(titleTaken.body).toMatchObject({
        reason: 'Conflict',
        message: expect.stringMatching(/Team name taken/),
      });
      const mismatch = await api().put(`${teams()}/${existing.uid}`, {
        metadata: { name: 'other' },
        spec: { title: 'x' },
      });
      expect([mismatch.status, mismatch.body]).toEqual([
        400,
        status(400, 'BadRequest', /does not match the name on the URL/),
      ]);
      expect((await api().put(`${teams()}/missing-team`, { spec: { title: 'x' } })).status).toBe(
        404,
      );
    });
  });
}
