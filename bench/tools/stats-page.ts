/** The debug listener's `/stats` page as a map of name to value (`name: value` lines). */
export async function readStats(debugUrl: string): Promise<Map<string, number>> {
  const response = await fetch(`${debugUrl}/stats`);
  const text = await response.text();
  const stats = new Map<string, number>();
  for (const line of text.split('\n')) {
    const at = line.lastIndexOf(': ');
    if (at > 0) stats.set(line.slice(0, at), Number(line.slice(at + 2)));
  }
  return stats;
}
