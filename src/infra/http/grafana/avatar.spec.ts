import { avatarUrl, avatarUrlWithDefault } from './avatar';

const gravatar = { disableGravatar: false, appSubUrl: '' };

describe('avatar URLs', () => {
  it("hash the team name with @localhost when the team has no email (Grafana's docs example)", () => {
    expect(avatarUrlWithDefault('', 'MyTestTeam', gravatar)).toBe(
      '/avatar/3f49c15916554246daa714b9bd0ee398',
    );
    expect(avatarUrlWithDefault('', 'My Team', gravatar)).toBe(
      '/avatar/4f8d65e2930d988251761f18cbffbf24',
    );
  });

  it('hash the lower-cased email, and give "" without one', () => {
    expect(avatarUrl('Admin@Localhost', gravatar)).toBe(avatarUrl('admin@localhost', gravatar));
    expect(avatarUrl('', gravatar)).toBe('');
    expect(avatarUrlWithDefault('team@example.com', 'ignored', gravatar)).toBe(
      avatarUrl('team@example.com', gravatar),
    );
  });

  it('point to the local placeholder when Gravatar is disabled, under the sub path', () => {
    const options = { disableGravatar: true, appSubUrl: '/grafana' };
    expect(avatarUrl('', options)).toBe('/grafana/public/img/user_profile.png');
    expect(avatarUrlWithDefault('', 'x', options)).toBe('/grafana/public/img/user_profile.png');
    expect(avatarUrl('a@b', { disableGravatar: false, appSubUrl: '/g' })).toMatch(/^\/g\/avatar\//);
  });
});
