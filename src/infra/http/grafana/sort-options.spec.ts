import { GrafanaError } from './grafana-error';
import { parseSortOptions } from './sort-options';

const TEAM_SORTS = [
  'name-asc',
  'name-desc',
  'email-asc',
  'email-desc',
  'memberCount-asc',
  'memberCount-desc',
] as const;

describe('parseSortOptions', () => {
  it('applies the options in fixed priority name, email, memberCount', () => {
    expect(parseSortOptions('memberCount-desc,name-asc', TEAM_SORTS)).toEqual([
      'name-asc',
      'memberCount-desc',
    ]);
    expect(parseSortOptions('email-desc,name-desc,name-asc', TEAM_SORTS)).toEqual([
      'name-asc',
      'name-desc',
      'email-desc',
    ]);
    expect(parseSortOptions('', TEAM_SORTS)).toEqual([]);
  });

  it('answers a structured 400 for an unknown option', () => {
    for (const raw of ['name', 'NAME-ASC', 'name-asc,', 'id-asc', 'name-asc;drop']) {
      try {
        parseSortOptions(raw, TEAM_SORTS);
        throw new Error(`accepted ${raw}`);
      } catch (error) {
        expect(error).toBeInstanceOf(GrafanaError);
        expect((error as GrafanaError).body).toEqual({
          message: 'BadRequest',
          messageId: 'unknown sorting option',
          statusCode: 400,
          traceID: '',
        });
      }
    }
  });
});
