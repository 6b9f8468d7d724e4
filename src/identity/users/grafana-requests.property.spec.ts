import fc from 'fast-check';

import { loadSettings } from '../../settings/settings.loader';
import { USER_SORTS } from '../store/users.repository';
import { UsersController } from './users.controller';
import { UserLookupQueryDto, UserSearchQueryDto } from './users.dto';
import type { UsersService } from './users.service';
import { requirePathId } from '../../infra/http/grafana/path-ids';
import { parseSortOptions } from '../../infra/http/grafana/sort-options';
import {
  expectGrafanaClientError,
  expectZeroValueTypes,
  queryArb,
  queryTextArb,
  validated,
} from '../../infra/http/grafana/validation/grafana-requests.fixtures';

// Property tests (docs/testing.md#property-tests): whatever a client puts in the query string or
// the path of the Grafana-compatible API, the answer is parsed values or one of Grafana's 4xx
// bodies, never a 500. fast-check prints the seed and path of a failure (docs/testing.md).

const USER_SORT_OPTIONS = Object.keys(USER_SORTS);
const text = queryTextArb(USER_SORT_OPTIONS);

/** What the users store is asked for: a page it can express exactly. */
interface Window {
  readonly limit: number;
  readonly offset: number;
}

describe('Grafana query parameters and path ids (property)', () => {
  it('user search: parsed values or a 400, and a page the store can express', async () => {
    const asked: Window[] = [];
    const users = {
      search: (options: Window) => {
        asked.push(options);
        return Promise.resolve({ total: 0, users: [] });
      },
    } as unknown as UsersService;
    const controller = new UsersController(users, loadSettings({}));
    await fc.assert(
      fc.asyncProperty(
        queryArb(['perpage', 'page', 'query', 'sort', 'perPage'], text),
        async (query) => {
          const dto = await validated(UserSearchQueryDto, query, 'query');
          if (dto === undefined) return;
          expectZeroValueTypes(UserSearchQueryDto, dto);
          asked.length = 0;
          const answer = await controller.search(dto);
          expect(asked).toHaveLength(1);
          const [{ limit, offset }] = asked;
          expect(Number.isSafeInteger(limit) && limit >= 0).toBe(true);
          expect(Number.isSafeInteger(offset) && offset >= 0).toBe(true);
          expect(answer.page).toBeGreaterThanOrEqual(1);
          expect(answer.perPage).toBeGreaterThanOrEqual(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('user lookup: the first value of loginOrEmail, or a 400', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb(['loginOrEmail'], text), async (query) => {
        const dto = await validated(UserLookupQueryDto, query, 'query');
        if (dto !== undefined) expectZeroValueTypes(UserLookupQueryDto, dto);
      }),
      { numRuns: 100 },
    );
  });

  it('a sort parameter is every option known, in priority order, or the 400', () => {
    fc.assert(
      fc.property(text, (raw) => {
        let chosen: string[];
        try {
          chosen = parseSortOptions(raw, USER_SORT_OPTIONS);
        } catch (error) {
          expectGrafanaClientError(error);
          return;
        }
        expect(chosen.every((option) => USER_SORT_OPTIONS.includes(option))).toBe(true);
        expect(chosen).toHaveLength(raw === '' ? 0 : raw.split(',').length);
      }),
      { numRuns: 200 },
    );
  });

  it('a numeric path id is an int64 (a row id, or -1 past the safe range) or a 400', () => {
    fc.assert(
      fc.property(text, (raw) => {
        let id: number;
        try {
          id = requirePathId(raw, 'id');
        } catch (error) {
          expectGrafanaClientError(error);
          return;
        }
        expect(Number.isSafeInteger(id)).toBe(true);
        expect(/^[+-]?\d+$/.test(raw)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
