import { CraftHttpError } from './craft-http-error';

/**
 * Craft's `maxGraphqlBatchSize` (GRAPHQL_MAX_BATCH_SIZE, GRAPHQL_PUBLIC_MAX_BATCH_SIZE for
 * anonymous requests: request-caps.ts): 400 when a request carries more operations than allowed (a single query counts as one). */
export function checkBatchSize(count: number, max: number): void {
  if (max > 0 && count > max) {
    throw new CraftHttpError(
      400,
      `No more than ${max} GraphQL ${max === 1 ? 'query' : 'queries'} can be executed in a single batch.`,
    );
  }
}
