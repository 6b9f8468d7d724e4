import { FakeScheduler } from '../../scheduler.fixtures';
import { UDP_PAYLOAD_BYTES } from '../create-stats-sink';
import { packLines, StatsdTransport, StatsdWriter } from './statsd-writer';

class RecordingTransport implements StatsdTransport {
  readonly payloads: string[][] = [];
  closed = false;
  send(lines: readonly string[]): void {
    this.payloads.push([...lines]);
  }
  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

describe('StatsdWriter', () => {
  it('packs lines into payloads under the limit, counting a separator per line', () => {
    const line = 'x'.repeat(99); // 100 bytes with its separator
    expect(packLines([line, line, line], 200).map((p) => p.length)).toEqual([2, 1]);
    expect(packLines([line], 10)).toEqual([[line]]); // too long: alone
    expect(packLines(['é'.repeat(60), 'é'.repeat(60)], 200).length).toBe(2); // bytes, not chars
  });

  it('keeps every UDP datagram under a safe MTU', () => {
    const transport = new RecordingTransport();
    const writer = new StatsdWriter(transport, UDP_PAYLOAD_BYTES, new FakeScheduler());
    for (let i = 0; i < 500; i++) {
      writer.write(`ratelimit.service.rate_limit.d.key_${i}.total_hits:1|c`);
    }
    writer.flush();
    const sizes = transport.payloads.map((lines) => Buffer.byteLength(lines.join('\n')));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(UDP_PAYLOAD_BYTES);
    expect(transport.payloads.flat()).toHaveLength(500);
  });

  it('sends a lone timer line after a short linger, not at the next flush', () => {
    const transport = new RecordingTransport();
    const scheduler = new FakeScheduler();
    const writer = new StatsdWriter(transport, UDP_PAYLOAD_BYTES, scheduler);
    writer.write('a:1|ms');
    writer.write('a:2|ms');
    expect(transport.payloads).toEqual([]);
    scheduler.advance(100);
    expect(transport.payloads).toEqual([['a:1|ms', 'a:2|ms']]);
    expect(scheduler.pending).toBe(0);
  });

  it('sends at once when a payload is full, and everything left at close', async () => {
    const transport = new RecordingTransport();
    const writer = new StatsdWriter(transport, 20, new FakeScheduler());
    writer.write('0123456789:1|c');
    writer.write('0123456789:2|c');
    expect(transport.payloads.length).toBeGreaterThan(0);
    writer.write('last:1|c');
    await writer.close();
    expect(transport.payloads.flat()).toEqual(['0123456789:1|c', '0123456789:2|c', 'last:1|c']);
    expect(transport.closed).toBe(true);
  });
});
