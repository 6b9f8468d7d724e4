import type { Field } from '../model/content-model';
import { blocksAsNestedValue, nestedValueAsBlocks } from './nested-field-values';

const field = (type: Field['type']) => ({ type }) as Field;

describe('addresses and content blocks in content files', () => {
  it('reads addresses with their attributes at the top as address blocks, and writes them back', () => {
    const file = [
      { countryCode: 'NL', locality: 'Amsterdam', uid: 'a-1' },
      { countryCode: 'DE', enabled: false, sites: { de: {} } },
    ];
    const blocks = nestedValueAsBlocks(field('addresses'), file);
    expect(blocks).toEqual([
      { type: 'address', uid: 'a-1', fields: { countryCode: 'NL', locality: 'Amsterdam' } },
      { type: 'address', enabled: false, sites: { de: {} }, fields: { countryCode: 'DE' } },
    ]);
    expect(blocksAsNestedValue(field('addresses'), blocks as Record<string, unknown>[])).toEqual([
      { countryCode: 'NL', locality: 'Amsterdam', uid: 'a-1' },
      { countryCode: 'DE', enabled: false, sites: { de: {} } },
    ]);
  });

  it('reads a content block as its one block, and writes one object (null when none)', () => {
    const file = { fields: { summary: 'Hi' } };
    const blocks = nestedValueAsBlocks(field('contentBlock'), file);
    expect(blocks).toEqual([{ type: 'content', fields: { summary: 'Hi' } }]);
    expect(blocksAsNestedValue(field('contentBlock'), blocks as Record<string, unknown>[])).toEqual(
      file,
    );
    expect(blocksAsNestedValue(field('contentBlock'), [])).toBeNull();
  });

  it('leaves matrix values and malformed values to the block reader', () => {
    const matrix = [{ type: 'text', fields: {} }];
    expect(nestedValueAsBlocks(field('matrix'), matrix)).toBe(matrix);
    expect(nestedValueAsBlocks(field('addresses'), 'Kade 1')).toBe('Kade 1');
    expect(nestedValueAsBlocks(field('addresses'), ['Kade 1'])).toEqual(['Kade 1']);
    expect(nestedValueAsBlocks(field('contentBlock'), [1])).toEqual([1]);
  });
});
