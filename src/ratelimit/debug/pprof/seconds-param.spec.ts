import { parseSeconds } from './seconds-param';

const range = { fallback: 30, min: 1, max: 300 };

describe('parseSeconds', () => {
  it('takes the fallback when absent or empty', () => {
    expect(parseSeconds(undefined, range)).toEqual({ ok: true, seconds: 30 });
    expect(parseSeconds('', range)).toEqual({ ok: true, seconds: 30 });
  });

  it.each(['1', '17', '300'])('accepts %s', (raw) => {
    expect(parseSeconds(raw, range)).toEqual({ ok: true, seconds: Number(raw) });
  });

  it.each([['0'], ['301'], ['-1'], ['1.5'], ['abc'], ['1e2'], [' 5'], ['9999999'], [['1', '2']]])(
    'refuses %j',
    (raw) => {
      const result = parseSeconds(raw, range);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toMatch(
        /^seconds must be a whole number from 1 to 300, got /,
      );
    },
  );
});
