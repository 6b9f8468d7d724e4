import { entryText, readEntry } from './stored-entry';

describe('result cache entries', () => {
  const json = JSON.stringify({ data: { text: 'two\nlines', 'key\n': [1] } });

  it('read back the tags and the result text exactly as stored', () => {
    const tags = new Set(['content', 'element-1']);
    expect(readEntry(entryText({ tags, json }))).toEqual({ tags: [...tags], json });
    expect(readEntry(entryText({ tags: undefined, json }))).toEqual({ tags: null, json });
  });

  it("keep a whole answer's ETag", () => {
    const etag = '"abc"';
    expect(readEntry(entryText({ tags: new Set(['content']), json, etag }))).toEqual({
      tags: ['content'],
      json,
      etag,
    });
  });

  it('are not read from texts of another shape', () => {
    expect(readEntry('{"result":{"data":{}}}')).toBeUndefined();
    expect(readEntry('{"tags":[]}\n{}')).toBeUndefined();
    expect(readEntry('"text"\n{}')).toBeUndefined();
  });
});
