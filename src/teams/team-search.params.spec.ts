import { GrafanaError } from '../identity/http/grafana-error';
import { parseTeamSearchParams } from './team-search.params';

describe('team search parameters', () => {
  it('default like Grafana', () => {
    expect(parseTeamSearchParams({})).toEqual({
      page: 1,
      perPage: 1000,
      query: '',
      names: [],
      teamIds: [],
      sort: [],
      accessControl: false,
    });
  });

  it("read the Go client's URL: perPage is ignored, an empty query matches everything", () => {
    expect(parseTeamSearchParams({ page: '1', perPage: '1000', query: '' })).toMatchObject({
      page: 1,
      perPage: 1000,
      query: '',
    });
  });

  it('take name and team as exact names, teamId as repeatable integers', () => {
    expect(
      parseTeamSearchParams({ name: 'Ops', team: 'Ops', teamId: ['3', 'x', '-1', '4.5', '9'] }),
    ).toMatchObject({ names: ['Ops', 'Ops'], teamIds: [3, -1, 9] });
  });

  it('parse sort and accesscontrol, and reject unknown sort options', () => {
    expect(
      parseTeamSearchParams({ sort: 'memberCount-desc,email-asc', accesscontrol: 'true' }),
    ).toMatchObject({ sort: ['email-asc', 'memberCount-desc'], accessControl: true });
    expect(() => parseTeamSearchParams({ sort: 'created-asc' })).toThrow(GrafanaError);
  });

  it('fall back to the defaults for negative, zero, non-numeric or huge paging values', () => {
    for (const perpage of ['-1', '0', 'ten', '1e3', '100000000000000000000'])
      expect(parseTeamSearchParams({ perpage }).perPage).toBe(1000);
    expect(parseTeamSearchParams({ perpage: '5000000' }).perPage).toBe(5000000);
    expect(parseTeamSearchParams({ page: '-3' }).page).toBe(1);
  });
});
