import { entryText, readEntry } from './stored-entry';

describe('result cache entries', () => {
  it('read back the tags and the result text exactly as stored', () => {
    const json = JSON.stringify({ data: { text: 'two\nlines', 'key\n': [1] } });
    expect(readEntry(entryText(new Set(['content', 'element-1']), json))).toEqual({
      tags: ['content', 'element-1'],
      json,
    });
    expect(readEntry(entryText(undefined, json))).toEqual({ tags: null, json });
  });

  it('are not read from texts of another shape', () => {
    expect(readEntry('{"result":{"data":{}}}')).toBeUndefined();
    expect(readEntry('{"tags":[]}\n{}')).toBeUndefined();
  });
});
