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
