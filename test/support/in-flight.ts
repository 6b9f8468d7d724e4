/**
 * Event-based checks for drain tests: whether calls are really in flight (waiting on a frozen
 * store) and what the gRPC health Watch stream reports, instead of timing guesses.
 */
import { readFileSync } from 'node:fs';
import type * as grpc from '@grpc/grpc-js';
import { eventually } from './eventually';
import { healthClient } from './grpc-clients';

/**
 * Bytes that servers listening on `port` received and have not read yet: the receive queues of
 * their established connections (/proc/net/tcp). With the server frozen (SIGSTOP), this grows by
 * each command a client sends it, so a test can tell a call has reached it.
 */
export function unreadBytes(port: number): number {
  let total = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 5 || fields[3] !== '01') continue; // 01: ESTABLISHED
      if (parseInt(fields[1].split(':')[1], 16) !== port) continue;
      total += parseInt(fields[4].split(':')[1], 16);
    }
  }
  return total;
}

/** Waits until the frozen server on `port` has received more than `than` bytes; returns the count. */
export async function receivedMore(port: number, than: number): Promise<number> {
  const { value } = await eventually(`more than ${than} bytes sent to port ${port}`, () => {
    const now = unreadBytes(port);
    return now > than ? now : undefined;
  });
  return value;
}

export interface HealthWatch {
  /** Every status the Watch stream sent, in order (SERVING, NOT_SERVING...). */
  readonly statuses: string[];
  close(): void;
}

/** Opens `grpc.health.v1.Health/Watch` for the whole server and records what it sends. */
export async function watchHealth(address: string): Promise<HealthWatch> {
  const client = healthClient(address);
  const statuses: string[] = [];
  const call = (
    client as unknown as { Watch(request: unknown): grpc.ClientReadableStream<{ status: string }> }
  ).Watch({ service: '' });
  call.on('data', (answer: { status: string }) => statuses.push(answer.status));
  call.on('error', () => undefined); // cancelled by close(), or the server went away
  await eventually('the first health status', () => (statuses.length > 0 ? true : undefined));
  return {
    statuses,
    close: () => {
      call.cancel();
      client.close();
    },
  };
}
