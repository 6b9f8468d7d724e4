import { GrafanaError } from './grafana-error';
import { parseGoInt64, requirePathId, toRowId } from './path-ids';

describe('path ids', () => {
  it('parse like strconv.ParseInt(s, 10, 64)', () => {
    expect(parseGoInt64('42')).toBe(42n);
    expect(parseGoInt64('+7')).toBe(7n);
    expect(parseGoInt64('-5')).toBe(-5n);
    expect(parseGoInt64('007')).toBe(7n);
    expect(parseGoInt64('9223372036854775807')).toBe(9223372036854775807n);
    for (const raw of ['', ' 1', '1 ', '1.0', '0x10', '1_000', 'abc', '9223372036854775808']) {
      expect(parseGoInt64(raw)).toBeUndefined();
    }
  });

  it('map ids beyond the safe range to an id that names no row', () => {
    expect(toRowId(9223372036854775807n)).toBe(-1);
    expect(toRowId(12n)).toBe(12);
  });

  it("answer Grafana's `<name> is invalid` for a bad id", () => {
    expect(requirePathId('12', 'userId')).toBe(12);
    expect(() => requirePathId('abc', 'userId')).toThrow(GrafanaError);
    // Asserted outside a catch: a call that did not throw must fail the test, not skip the check.
    let thrown: unknown;
    try {
      requirePathId('1.5', 'userId');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GrafanaError);
    expect((thrown as GrafanaError).body).toEqual({ message: 'userId is invalid', traceID: '' });
  });
});
