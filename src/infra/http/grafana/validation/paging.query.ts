import { ApiPropertyOptional } from '@nestjs/swagger';
import { QueryInt } from './go-query.decorators';

/** Grafana's search paging parameters (lower-case `perpage`; the Go client's `perPage` is ignored). */
export class PagingQueryDto {
  @ApiPropertyOptional({ type: 'integer', description: 'default 1000, no upper limit' })
  @QueryInt()
  perpage = 0;

  @ApiPropertyOptional({ type: 'integer', description: 'default 1' })
  @QueryInt()
  page = 0;
}

/** Grafana's paging: `perpage` ≤ 0 or invalid → the default, `page` < 1 → 1. No upper limit. */
export function paging(
  query: PagingQueryDto,
  defaultPerPage = 1000,
): { page: number; perPage: number } {
  return {
    perPage: query.perpage > 0 ? query.perpage : defaultPerPage,
    page: query.page >= 1 ? query.page : 1,
  };
}

/**
 * The rows a page asks the store for. An offset past 2^53 cannot be expressed exactly (and past
 * int64 PostgreSQL refuses it): such a page is empty, as no result is that long.
 */
export function pageWindow(page: number, perPage: number): { limit: number; offset: number } {
  const offset = perPage * (page - 1);
  return Number.isSafeInteger(offset) ? { limit: perPage, offset } : { limit: 0, offset: 0 };
}
