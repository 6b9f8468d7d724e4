/**
 * Epoch-aligned fixed windows (docs/algorithms.md): every instance agrees on the window without
 * talking.
 */
export function windowStart(nowSecond: number, windowSeconds: number): number {
  return nowSecond - (nowSecond % windowSeconds);
}

/** 1..windowSeconds, never 0. */
export function secondsUntilReset(nowSecond: number, windowSeconds: number): number {
  return windowSeconds - (nowSecond % windowSeconds);
}
