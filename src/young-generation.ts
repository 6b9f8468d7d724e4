import { setFlagsFromString } from 'node:v8';
import { Settings } from './settings/settings';

/** V8's default factor by which the young generation grows. */
const DEFAULT_GROWTH = 2;

/**
 * The boot's objects mostly live on (modules, metadata, schemas), and V8 grows the young
 * generation for them from 1 MB to 16 MB semi-spaces, whose pages then stay resident in an idle
 * process (13 MB of a `MODULES=ratelimit` process's 99). A process serving only rate limit
 * decisions does not grow it while booting; once serving, it grows again as the requests'
 * garbage needs. A process with the content or teams modules keeps V8's default: its larger old
 * generation makes every scavenge dearer, and a young generation left small cost `/json` a quarter
 * of its throughput there (docs/benchmarks.md, eleventh session). Returns what to call once the
 * listeners are up.
 */
export function holdYoungGenerationWhileBooting(settings: Settings): () => void {
  const enabled = new Set(settings.modules.enabled);
  if (enabled.has('content') || enabled.has('teams')) return () => undefined;
  setFlagsFromString('--semi-space-growth-factor=1');
  return () => setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH}`);
}
