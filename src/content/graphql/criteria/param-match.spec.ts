import { matchesParam } from './param-match';

describe('matchesParam (Craft parameter syntax on handles and ids)', () => {
  it('matches exact values, lists and comma lists', () => {
    expect(matchesParam('news', 'news')).toBe(true);
    expect(matchesParam('news', 'News')).toBe(false);
    expect(matchesParam('news', ['pages', 'news'])).toBe(true);
    expect(matchesParam('news', 'pages, news')).toBe(true);
    expect(matchesParam('news', ['pages, news'])).toBe(false);
    expect(matchesParam(30, ['30'])).toBe(true);
    expect(matchesParam(30, [30, 31])).toBe(true);
  });

  it('negates with not lists, not/!= prefixes', () => {
    expect(matchesParam('news', ['not', 'news', 'pages'])).toBe(false);
    expect(matchesParam('about', ['not', 'news', 'pages'])).toBe(true);
    expect(matchesParam('news', 'not news')).toBe(false);
    expect(matchesParam('news', '!= pages')).toBe(true);
    expect(matchesParam('news', ['and', 'not news', 'not pages'])).toBe(false);
  });

  it('compares values of any length without building patterns from them', () => {
    const long = 'x'.repeat(10_000_000);
    expect(matchesParam('news', long)).toBe(false);
    expect(matchesParam('news', `${long}*`)).toBe(false);
    expect(matchesParam('news', [`*${long}*`])).toBe(false);
    expect(matchesParam('a.b', 'a.b')).toBe(true);
    expect(matchesParam('axb', 'a.b')).toBe(false);
    expect(matchesParam('a(b', '*(B')).toBe(true);
  });

  it('wildcards at the start or end, case-insensitive; \\* is literal', () => {
    expect(matchesParam('homepage', 'home*')).toBe(true);
    expect(matchesParam('Homepage', 'home*')).toBe(true);
    expect(matchesParam('homepage', '*page')).toBe(true);
    expect(matchesParam('homepage', '*')).toBe(true);
    expect(matchesParam('homepage', 'h*e')).toBe(false);
    expect(matchesParam('a*', 'a\\*')).toBe(true);
    expect(matchesParam('ab', 'a\\*')).toBe(false);
  });

  it('compares numbers and knows handles are never empty', () => {
    expect(matchesParam(30, '> 20')).toBe(true);
    expect(matchesParam(30, '<= 20')).toBe(false);
    expect(matchesParam(30, ['and', '>= 30', '< 40'])).toBe(true);
    expect(matchesParam('news', ':empty:')).toBe(false);
    expect(matchesParam('news', ':notempty:')).toBe(true);
    expect(matchesParam('news', [null])).toBe(false);
  });
});
