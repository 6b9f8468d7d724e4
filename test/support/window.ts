/**
 * Waits, if needed, until the current fixed window has at least `needed` seconds left, so a burst
 * of calls lands in one window. It waits for a window boundary; it never races one.
 */
export async function withinOneWindow(windowSeconds: number, needed: number): Promise<void> {
  const nowSeconds = Date.now() / 1000;
  const left = windowSeconds - (nowSeconds % windowSeconds);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}
