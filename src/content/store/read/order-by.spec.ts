import { parseOrderBy } from './order-by';

describe('parseOrderBy', () => {
  it('reads a comma list of columns with optional directions', () => {
    expect(parseOrderBy('title ASC, id desc')).toEqual([
      { column: 'title', direction: 'asc' },
      { column: 'id', direction: 'desc' },
    ]);
    expect(parseOrderBy('postDate')).toEqual([{ column: 'postDate', direction: null }]);
    expect(parseOrderBy(' , score ,')).toEqual([{ column: 'score', direction: null }]);
  });

  it("drops Craft's table prefixes and reads RAND()", () => {
    expect(parseOrderBy('elements.dateCreated DESC, structureelements.lft, RAND()')).toEqual([
      { column: 'dateCreated', direction: 'desc' },
      { column: 'lft', direction: null },
      { column: 'random', direction: null },
    ]);
  });

  it('rejects anything else with a message naming it', () => {
    expect(() => parseOrderBy('title; drop table x')).toThrow('Invalid orderBy column "title;"');
    expect(() => parseOrderBy('other.title')).toThrow('Invalid orderBy column "other.title"');
    expect(() => parseOrderBy('title sideways')).toThrow('Invalid orderBy direction "sideways"');
    expect(() => parseOrderBy('title asc nulls')).toThrow(
      'Invalid orderBy value "title asc nulls"',
    );
    expect(() => parseOrderBy('(select 1)')).toThrow('Invalid orderBy column "(select"');
  });
});
