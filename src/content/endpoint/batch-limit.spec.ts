import { checkBatchSize } from './batch-limit';
import { CraftHttpError } from './craft-http-error';

describe('checkBatchSize', () => {
  it('allows any count when the limit is 0, and counts up to the limit', () => {
    expect(() => checkBatchSize(1000, 0)).not.toThrow();
    expect(() => checkBatchSize(3, 3)).not.toThrow();
  });

  it("answers 400 with Craft's message above the limit", () => {
    expect(() => checkBatchSize(4, 3)).toThrow(
      new CraftHttpError(400, 'No more than 3 GraphQL queries can be executed in a single batch.'),
    );
    expect(() => checkBatchSize(2, 1)).toThrow(
      new CraftHttpError(400, 'No more than 1 GraphQL query can be executed in a single batch.'),
    );
  });
});
