import { Scheduled, Scheduler } from '../../scheduler';

/** Where statsd lines go: one call per payload, lines without their line breaks. */
export interface StatsdTransport {
  send(lines: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * Groups lines into payloads of at most `maxBytes` (counting one separator per line); a line longer
 * than that travels alone.
 */
export function packLines(lines: readonly string[], maxBytes: number): string[][] {
  const payloads: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    const bytes = Buffer.byteLength(line) + 1;
    if (current.length > 0 && size + bytes > maxBytes) {
      payloads.push(current);
      current = [];
      size = 0;
    }
    current.push(line);
    size += bytes;
  }
  if (current.length > 0) payloads.push(current);
  return payloads;
}

/** How long a timer line may wait for company before it is sent. */
const LINGER_MS = 100;

/**
 * Buffers lines and sends them in payloads: at the end of each flush, as soon as a payload is full,
 * and otherwise at most LINGER_MS after a line (timer observations arrive between flushes). Writing
 * a line is a push onto an array; no I/O happens on the caller's path.
 */
export class StatsdWriter {
  private pending: string[] = [];
  private pendingChars = 0;
  private linger: Scheduled | undefined;

  constructor(
    private readonly transport: StatsdTransport,
    private readonly maxPayloadBytes: number,
    private readonly scheduler: Scheduler,
  ) {}

  write(line: string): void {
    this.pending.push(line);
    // Characters, not bytes: a cheap trigger; flush() packs by real byte length.
    this.pendingChars += line.length + 1;
    if (this.pendingChars >= this.maxPayloadBytes) this.flush();
    else this.linger ??= this.scheduler.after(LINGER_MS, () => this.flush());
  }

  flush(): void {
    this.linger?.cancel();
    this.linger = undefined;
    if (this.pending.length === 0) return;
    const lines = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    for (const payload of packLines(lines, this.maxPayloadBytes)) this.transport.send(payload);
  }

  async close(): Promise<void> {
    this.flush();
    await this.transport.close();
  }
}
