import { allValues, firstValue, goAtoi, goParseBool } from './go-query';

describe('Grafana query parameter semantics', () => {
  it('reads the first value of a key, or every value', () => {
    expect(firstValue(['a', 'b'])).toBe('a');
    expect(firstValue('a')).toBe('a');
    expect(firstValue(undefined)).toBe('');
    expect(allValues(['1', 'x'])).toEqual(['1', 'x']);
    expect(allValues('1')).toEqual(['1']);
    expect(allValues(undefined)).toEqual([]);
  });

  it('parses integers like strconv.Atoi, 0 when invalid', () => {
    expect(goAtoi('+12')).toBe(12);
    expect(goAtoi('-3')).toBe(-3);
    for (const raw of ['', ' 1', '1.5', '1e3', 'abc', '99999999999999999999']) {
      expect(goAtoi(raw)).toBe(0);
    }
  });

  it('parses booleans like strconv.ParseBool, false when invalid', () => {
    for (const raw of ['1', 't', 'T', 'true', 'TRUE', 'True']) expect(goParseBool(raw)).toBe(true);
    for (const raw of ['yes', 'on', '', 'tRuE']) expect(goParseBool(raw)).toBe(false);
  });
});
