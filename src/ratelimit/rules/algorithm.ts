/** How a limit counts (docs/algorithms.md). Upstream has only the fixed window. */
export enum Algorithm {
  FIXED_WINDOW = 0,
  SLIDING_WINDOW = 1,
  TOKEN_BUCKET = 2,
}

const ALGORITHM_BY_NAME: ReadonlyMap<string, Algorithm> = new Map([
  ['fixed_window', Algorithm.FIXED_WINDOW],
  ['sliding_window', Algorithm.SLIDING_WINDOW],
  ['token_bucket', Algorithm.TOKEN_BUCKET],
]);

export const ALGORITHM_NAMES: readonly string[] = [...ALGORITHM_BY_NAME.keys()];

/** The rule file's `algorithm` text; "" is the default fixed window; undefined when unknown. */
export function algorithmFromName(name: string): Algorithm | undefined {
  if (name === '') return Algorithm.FIXED_WINDOW;
  return ALGORITHM_BY_NAME.get(name.toLowerCase());
}

export function algorithmName(algorithm: Algorithm): string {
  return ALGORITHM_NAMES[algorithm];
}
