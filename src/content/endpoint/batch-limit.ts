import type { Settings } from '../../settings/settings';
import { CraftHttpError } from './craft-http-error';

/**
 * Craft's `maxGraphqlBatchSize` (0 = unlimited). Every request is unlimited until issue 8 adds
 * its setting; the endpoint already asks here and enforces the answer.
 */
export function maxBatchSize(_settings: Settings): number {
  return 0;
}

/** 400 when a request carries more operations than allowed (a single query counts as one). */
export function checkBatchSize(count: number, max: number): void {
  if (max > 0 && count > max)
    throw new CraftHttpError(
      400,
      `No more than ${max} GraphQL ${max === 1 ? 'query' : 'queries'} can be executed in a single batch.`,
    );
}
