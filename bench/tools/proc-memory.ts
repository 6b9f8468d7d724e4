import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes, from /proc/<pid>/status (VmRSS, in kB). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Decimal megabytes, the unit the goals are written in. */
export const toMB = (bytes: number) => bytes / 1e6;

/**
 * RSS of a process plus its live descendants (children found through /proc/<pid>/task/<tid>/children),
 * the machine's share of a command that hands work to child processes.
 */
export function treeRssBytes(pid: number): number {
  let total = rssBytes(pid);
  for (const child of childPids(pid)) {
    try {
      total += treeRssBytes(child);
    } catch {
      // ended between the listing and the read
    }
  }
  return total;
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter((field) => field !== '')
      .map(Number);
  } catch {
    return [];
  }
}
