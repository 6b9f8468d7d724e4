import { orgUserView, roleIncludes } from './user-views';

describe('org user views', () => {
  it("give Grafana's OrgUserDTO, accessControl only when computed", () => {
    const row = {
      orgId: 2,
      userId: 5,
      uid: 'u5',
      email: 'Jane@Example.com',
      name: 'Jane',
      login: 'jane',
      role: 'Editor' as const,
      isDisabled: false,
      createdAt: new Date('2026-01-02T03:04:05.000Z'),
    };
    const avatar = { disableGravatar: false, appSubUrl: '' };
    const view = orgUserView(row, avatar);
    expect(view).toMatchObject({
      lastSeenAt: '2016-01-02T03:04:05.000Z',
      created: '2026-01-02T03:04:05.000Z',
      authLabels: null,
      avatarUrl: expect.stringMatching(/^\/avatar\/[0-9a-f]{32}$/),
    });
    expect('accessControl' in view).toBe(false);
    const withActions = orgUserView(row, {
      ...avatar,
      accessControl: () => ({ 'org.users:read': true }),
    });
    expect(withActions.accessControl).toEqual({ 'org.users:read': true });
  });

  it('let a role hand out only roles it includes', () => {
    expect(roleIncludes('Admin', 'Admin')).toBe(true);
    expect(roleIncludes('Editor', 'Admin')).toBe(false);
    expect(roleIncludes('Editor', 'Viewer')).toBe(true);
    expect(roleIncludes('Viewer', 'Editor')).toBe(false);
    expect(roleIncludes('None', 'None')).toBe(true);
    expect(roleIncludes('None', 'Viewer')).toBe(false);
  });
});
