import { Profiler, Session } from 'node:inspector/promises';
import { pause } from './pause';

/**
 * A CPU profile of this process for `ms` (less if `signal` aborts: the client went away or the
 * service is stopping), from V8's sampling profiler through an in-process inspector session.
 * No `--inspect` flag and no port are needed; the session only exists while profiling. The result
 * is the `.cpuprofile` JSON of Chrome DevTools.
 */
export async function takeCpuProfile(ms: number, signal: AbortSignal): Promise<Profiler.Profile> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    await pause(ms, signal);
    const { profile } = await session.post('Profiler.stop');
    return profile;
  } finally {
    session.disconnect();
  }
}
