import { pass, refusal } from '../infra/http/grafana/validation/validation.fixtures';
import { TeamSearchQueryDto } from './http/teams.dto';
import { teamSearchParams } from './team-search.params';

/** The parameters of a search URL's query, through the validation pipe as Nest runs it. */
async function params(query: Record<string, string | string[]>) {
  return teamSearchParams(await pass(TeamSearchQueryDto, query, 'query'));
}

describe('team search parameters', () => {
  it('default like Grafana', async () => {
    expect(await params({})).toEqual({
      page: 1,
      perPage: 1000,
      query: '',
      names: [],
      teamIds: [],
      sort: [],
      accessControl: false,
    });
  });

  it("read the Go client's URL: perPage is ignored, an empty query matches everything", async () => {
    expect(await params({ page: '1', perPage: '1000', query: '' })).toMatchObject({
      page: 1,
      perPage: 1000,
      query: '',
    });
  });

  it('take name and team as exact names, teamId as repeatable integers', async () => {
    expect(
      await params({ name: 'Ops', team: 'Ops', teamId: ['3', 'x', '-1', '4.5', '9'] }),
    ).toMatchObject({ names: ['Ops', 'Ops'], teamIds: [3, -1, 9] });
    expect(await params({ query: ['first', 'second'], teamId: '4' })).toMatchObject({
      query: 'first',
      teamIds: [4],
    });
  });

  it('parse sort and accesscontrol, and reject unknown sort options', async () => {
    expect(
      await params({ sort: 'memberCount-desc,email-asc', accesscontrol: 'true' }),
    ).toMatchObject({ sort: ['email-asc', 'memberCount-desc'], accessControl: true });
    expect(await refusal(TeamSearchQueryDto, { sort: 'created-asc' }, 'query')).toEqual([
      400,
      { message: 'BadRequest', messageId: 'unknown sorting option', statusCode: 400, traceID: '' },
    ]);
  });

  it('fall back to the defaults for negative, zero, non-numeric or huge paging values', async () => {
    for (const perpage of ['-1', '0', 'ten', '1e3', '100000000000000000000']) {
      expect((await params({ perpage })).perPage).toBe(1000);
    }
    expect((await params({ perpage: '5000000' })).perPage).toBe(5000000);
    expect((await params({ page: '-3' })).page).toBe(1);
    expect(await params({ perpage: 'x', page: 'y' })).toMatchObject({ page: 1, perPage: 1000 });
  });
});
