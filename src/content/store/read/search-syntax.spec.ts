import { parseSearch, type SearchTerm, termTsQuery } from './search-syntax';

const term = (overrides: Partial<SearchTerm>): SearchTerm => ({
  attribute: null,
  text: '',
  exclude: false,
  exact: false,
  phrase: false,
  subLeft: false,
  subRight: true,
  any: false,
  ...overrides,
});

describe('parseSearch', () => {
  it('ANDs plain words, each matching words it begins', () => {
    expect(parseSearch('salty dog')).toEqual([[term({ text: 'salty' })], [term({ text: 'dog' })]]);
  });

  it('groups terms joined by OR', () => {
    expect(parseSearch('salty OR dog cat')).toEqual([
      [term({ text: 'salty' }), term({ text: 'dog' })],
      [term({ text: 'cat' })],
    ]);
    // A leading OR has nothing to join.
    expect(parseSearch('OR dog')).toEqual([[term({ text: 'dog' })]]);
  });

  it('reads exclusions, phrases and wildcards', () => {
    expect(parseSearch('-dog')).toEqual([[term({ text: 'dog', exclude: true })]]);
    expect(parseSearch('"salty dog"')).toEqual([
      [term({ text: 'salty dog', phrase: true, subRight: false })],
    ]);
    expect(parseSearch('salty*')).toEqual([[term({ text: 'salty' })]]);
    expect(parseSearch('*ty')).toEqual([[term({ text: 'ty', subLeft: true })]]);
    expect(parseSearch('*')).toEqual([]);
  });

  it('reads attribute terms: contains, exact, any value', () => {
    expect(parseSearch('title:dog')).toEqual([[term({ attribute: 'title', text: 'dog' })]]);
    expect(parseSearch('title::"Salty Dog"')).toEqual([
      [term({ attribute: 'title', text: 'Salty Dog', exact: true, phrase: true, subRight: false })],
    ]);
    expect(parseSearch('slug::salty-dog')).toEqual([
      [term({ attribute: 'slug', text: 'salty-dog', exact: true, subRight: false })],
    ]);
    expect(parseSearch('body:*')).toEqual([
      [term({ attribute: 'body', any: true, subRight: false })],
    ]);
    expect(parseSearch('-body:*')).toEqual([
      [term({ attribute: 'body', any: true, exclude: true, subRight: false })],
    ]);
    expect(parseSearch('email:@craftcms.com')).toEqual([
      [term({ attribute: 'email', text: '@craftcms.com' })],
    ]);
    expect(parseSearch('title:"salty dog" -kind:pdf')).toEqual([
      [term({ attribute: 'title', text: 'salty dog', phrase: true, subRight: false })],
      [term({ attribute: 'kind', text: 'pdf', exclude: true })],
    ]);
  });

  it("takes searchTermOptions as every term's defaults, the syntax adding to them", () => {
    expect(parseSearch('dog', { subLeft: true })).toEqual([[term({ text: 'dog', subLeft: true })]]);
    expect(parseSearch('dog dog*', { subRight: false })).toEqual([
      [term({ text: 'dog', subRight: false })],
      [term({ text: 'dog' })],
    ]);
    expect(parseSearch('dog', { exclude: true })).toEqual([[term({ text: 'dog', exclude: true })]]);
    expect(parseSearch('title:dog cat', { exact: true, subLeft: true })).toEqual([
      [term({ attribute: 'title', text: 'dog', exact: true, subRight: false })],
      [term({ text: 'cat', subRight: false })],
    ]);
  });

  it('ignores empty input', () => {
    expect(parseSearch('   ')).toEqual([]);
    expect(parseSearch('""')).toEqual([]);
  });
});

describe('termTsQuery', () => {
  it('quotes every word so user text cannot break the query syntax', () => {
    expect(termTsQuery(term({ text: 'dog' }))).toBe("'dog':*");
    expect(termTsQuery(term({ text: "O'Neil" }))).toBe("'o''neil':*");
    expect(termTsQuery(term({ text: 'a\\b' }))).toBe("'a\\\\b':*");
    expect(termTsQuery(term({ text: 'salty dog', phrase: true, subRight: false }))).toBe(
      "'salty' <-> 'dog'",
    );
    expect(termTsQuery(term({ text: 'dog & !cat | (x)', subRight: false }))).toBe(
      "'dog' & '!cat' & '(x)'",
    );
  });

  it('returns null when no word has a letter or digit', () => {
    expect(termTsQuery(term({ text: '&& !!' }))).toBeNull();
  });
});
