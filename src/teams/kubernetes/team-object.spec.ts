import { KubeStatusError } from './kube-status';
import { continueToken, readListPaging } from './list-paging';
import { namespaceOrg } from './namespaces';
import { INTERNAL_ID_LABEL, mergePatch, parseTeamInput } from './team-object';

function refusal(run: () => unknown): KubeStatusError {
  try {
    run();
  } catch (error) {
    if (error instanceof KubeStatusError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('Team objects', () => {
  it('read a complete object, dropping the server-written metadata', () => {
    const input = parseTeamInput(
      {
        apiVersion: 'iam.grafana.app/v0alpha1',
        kind: 'Team',
        metadata: {
          name: 'ops',
          namespace: 'default',
          resourceVersion: '7',
          labels: { env: 'prod', [INTERNAL_ID_LABEL]: '3' },
        },
        spec: {
          title: 'Ops',
          members: [{ kind: 'User', name: 'u1', permission: 'admin', external: false }],
          externalGroups: ['g'],
        },
      },
      'default',
    );
    expect(input).toEqual({
      name: 'ops',
      generateName: undefined,
      resourceVersion: '7',
      labels: { env: 'prod' },
      annotations: {},
      title: 'Ops',
      email: '',
      members: [{ userUid: 'u1', admin: true }],
      externalGroups: ['g'],
    });
  });

  it('refuse wrong JSON types with 400 and wrong values with 422 naming each field', () => {
    expect(refusal(() => parseTeamInput({ spec: { title: 1 } }, 'default')).code).toBe(400);
    expect(refusal(() => parseTeamInput({ metadata: { labels: { a: 1 } } }, 'default')).code).toBe(
      400,
    );
    expect(
      refusal(() =>
        parseTeamInput({ metadata: { namespace: 'default' }, spec: { title: 'x' } }, 'org-2'),
      ).code,
    ).toBe(400);
    const invalid = refusal(() =>
      parseTeamInput(
        {
          spec: {
            members: [
              { kind: 'User', name: 'a', permission: 'member' },
              { kind: 'User', name: 'a', permission: 'viewer' },
            ],
          },
        },
        'default',
      ),
    );
    expect(invalid.code).toBe(422);
    expect(invalid.details?.causes?.map((cause) => cause.field)).toEqual([
      'spec.title',
      'spec.members[1].name',
      'spec.members[1].permission',
    ]);
  });

  it('merge-patch as RFC 7386 says: objects merge, null removes, anything else replaces', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 } }, { b: { c: null, e: 4 }, f: [1] })).toEqual({
      a: 1,
      b: { d: 3, e: 4 },
      f: [1],
    });
    expect(mergePatch({ list: [1, 2] }, { list: [3] })).toEqual({ list: [3] });
  });
});

describe('list paging and namespaces', () => {
  it('round-trip continue tokens and refuse made-up ones', () => {
    expect(readListPaging('2', continueToken(41))).toEqual({ limit: 2, afterId: 41 });
    expect(readListPaging(undefined, undefined)).toEqual({ limit: 0, afterId: 0 });
    expect(refusal(() => readListPaging('x', undefined)).code).toBe(400);
    expect(refusal(() => readListPaging(undefined, 'bm90IGEgdG9rZW4')).code).toBe(400);
  });

  it("map Grafana's namespaces to orgs", () => {
    expect(namespaceOrg('default')).toBe(1);
    expect(namespaceOrg('org-12')).toBe(12);
    expect(namespaceOrg('stacks-5678')).toBe(1);
    for (const bad of ['org-0', 'org-01', 'org-x', 'orgs-2', 'Default', '']) {
      expect(namespaceOrg(bad)).toBeUndefined();
    }
  });
});
