import { attachment } from './download-name';

describe('attachment', () => {
  it('names the kind, host, pid and UTC time with the DevTools extension', () => {
    const at = new Date('2025-01-02T03:04:05.678Z');
    expect(attachment('cpu', 'cpuprofile', 'rls-7f9c', 42, at)).toBe(
      'attachment; filename="cpu-rls-7f9c-42-20250102T030405Z.cpuprofile"',
    );
  });

  it('keeps the header safe whatever the host name holds', () => {
    expect(attachment('heap', 'heapsnapshot', 'a"b c/d', 1, new Date(0))).toBe(
      'attachment; filename="heap-a_b_c_d-1-19700101T000000Z.heapsnapshot"',
    );
  });
});
