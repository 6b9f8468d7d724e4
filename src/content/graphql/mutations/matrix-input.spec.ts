import type { Field, MatrixBlockType } from '../../model/content-model';
import { matrixBlocks } from './matrix-input';
import type { SaveSite } from './save-site';

function blockType(id: number, handle: string, translatable: string[] = []): MatrixBlockType {
  const fields = ['text', 'caption'].map(
    (name, index) =>
      ({
        id: id * 10 + index,
        uid: `${handle}-${name}`,
        handle: name,
        name,
        type: 'plainText',
        translatable: translatable.includes(name),
      }) as Field,
  );
  return { id, uid: `type-${handle}`, handle, name: handle, fields };
}

const FIELD = {
  id: 5,
  handle: 'blocks',
  type: 'matrix',
  blockTypes: [blockType(1, 'text', ['caption']), blockType(2, 'quote')],
} as unknown as Field;

const EXISTING = [
  { id: 101, uid: 'b-101', typeId: 1 },
  { id: 102, uid: 'b-102', typeId: 2 },
];
const UPDATE: SaveSite = { siteId: 2, explicit: true, creating: false };

function convert(value: unknown, site: SaveSite = UPDATE) {
  const problems: string[] = [];
  const blocks = matrixBlocks(FIELD, value, EXISTING, site, problems);
  return { blocks, problems };
}

describe('matrixBlocks', () => {
  it('follows sortOrder: kept, edited and new blocks; the rest are left out', () => {
    const { blocks, problems } = convert({
      sortOrder: ['new1', 101],
      blocks: [
        { text: { id: 101, text: 'edited', caption: 'Bildtext' } },
        { quote: { id: 'new1', text: 'new quote' } },
        { quote: { id: 'new2', text: 'not in sortOrder' } },
      ],
    });
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      { typeId: 2, isNew: true, fields: { text: 'new quote' } },
      // An existing block saved in one site: its translatable value goes to that site only.
      {
        uid: 'b-101',
        typeId: 1,
        fields: { text: 'edited' },
        sites: new Map([[2, { fields: { caption: 'Bildtext' } }]]),
      },
    ]);
  });

  it('takes the given blocks in order without sortOrder; blocks without ids are new', () => {
    const { blocks } = convert({
      blocks: [{ quote: { text: 'first' } }, { text: { id: '101', text: 'x' } }, {}],
    });
    expect(blocks).toEqual([
      { typeId: 2, isNew: true, fields: { text: 'first' } },
      { uid: 'b-101', typeId: 1, fields: { text: 'x' } },
    ]);
    expect(convert({ sortOrder: [102] }).blocks).toEqual([{ uid: 'b-102', typeId: 2 }]);
    expect(convert(null).blocks).toEqual([]);
  });

  it('writes every value everywhere for a new owner', () => {
    const { blocks } = convert(
      { blocks: [{ text: { caption: 'everywhere' } }] },
      { siteId: 2, explicit: true, creating: true },
    );
    expect(blocks).toEqual([{ typeId: 1, isNew: true, fields: { caption: 'everywhere' } }]);
  });

  it('names the field in its problems', () => {
    expect(
      convert({
        sortOrder: [101, 'new5', 999],
        blocks: [
          { text: { id: 'x' }, quote: { id: 'y' } },
          { quote: { id: 101 } },
          { text: { id: 999 } },
        ],
      }).problems,
    ).toEqual([
      'field "blocks": block 1 gives 2 block types; give exactly one',
      'field "blocks": block 101 is a "text" block, not "quote"',
      'field "blocks": sortOrder names "new5", which is neither a block of this field nor one of the given blocks',
      'field "blocks": block 999 is not a block of this field',
    ]);
  });
});
