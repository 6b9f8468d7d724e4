import { loadContentModel } from './project.loader';
import { BASE_FILES, LOAD_OPTIONS, problemsOf, projectDirs } from './project.fixtures';
import { ADDRESS_ATTRIBUTES } from '../nested-element-fields';

const project = projectDirs();

describe('Craft 5 field types in the model', () => {
  it("gives an addresses field one block type holding Craft's address attributes", () => {
    const { model } = loadContentModel(
      project({
        ...BASE_FILES,
        'z.yaml': `
fields:
  - { handle: locations, name: Locations, type: addresses }
`,
      }),
      LOAD_OPTIONS,
    );
    const field = model.fields.find((f) => f.handle === 'locations');
    expect(field?.blockTypes.map((t) => t.handle)).toEqual(['address']);
    const attributes = field?.blockTypes[0].fields ?? [];
    expect(attributes.map((f) => [f.handle, f.type, f.translatable])).toEqual(
      ADDRESS_ATTRIBUTES.map((handle) => [handle, 'plainText', false]),
    );
    // Block fields have their own uids, distinct per addresses field.
    expect(new Set(attributes.map((f) => f.uid)).size).toBe(ADDRESS_ATTRIBUTES.length);
  });

  it('gives a content block one block type with copies of the global fields it lists', () => {
    const { model } = loadContentModel(
      project({
        ...BASE_FILES,
        'z.yaml': `
fields:
  - { handle: seo, name: SEO, type: contentBlock, fields: [summary, body] }
`,
      }),
      LOAD_OPTIONS,
    );
    const seo = model.fields.find((f) => f.handle === 'seo');
    const summary = model.fields.find((f) => f.handle === 'summary');
    expect(seo?.blockTypes.map((t) => t.handle)).toEqual(['content']);
    const layout = seo?.blockTypes[0].fields ?? [];
    expect(layout.map((f) => [f.handle, f.type, f.translatable])).toEqual([
      ['summary', 'plainText', false],
      ['body', 'markdown', true],
    ]);
    expect(layout[0].uid).not.toBe(summary?.uid);
  });

  it('reports a content block without fields, with unknown or nesting fields, and nested elements in blocks', () => {
    const dir = project({
      ...BASE_FILES,
      'z.yaml': `
fields:
  - { handle: seo, name: SEO, type: contentBlock }
  - { handle: more, name: More, type: contentBlock, fields: [sumary, places, inner] }
  - { handle: places, name: Places, type: addresses }
  - { handle: inner, name: Inner, type: contentBlock, fields: [summary] }
  - handle: builder
    name: Builder
    type: matrix
    blockTypes:
      - handle: venue
        name: Venue
        fields: [{ handle: where, name: Where, type: addresses }]
  - { handle: list, name: List, type: addresses, fields: [summary] }
`,
    });
    expect(problemsOf(dir)).toEqual([
      'z.yaml: fields[0]: missing "fields"',
      'z.yaml: fields[4].blockTypes[0].fields[0].type: a matrix block type cannot hold addresses fields (their values are nested elements too)',
      'z.yaml: fields[5]: unknown key "fields" (allowed: handle, name, uid, type, instructions, translatable)',
      'z.yaml: fields[1].fields[0]: unknown field "sumary" (did you mean "summary"?)',
      'z.yaml: fields[1].fields[1]: "places" (addresses) holds nested elements, which a content block cannot hold',
      'z.yaml: fields[1].fields[2]: "inner" (contentBlock) holds nested elements, which a content block cannot hold',
    ]);
  });

  it("reads a range field's span and step (Craft's defaults 0 to 100 by 1) and refuses bad ones", () => {
    const { model } = loadContentModel(
      project({
        ...BASE_FILES,
        'z.yaml': `
fields:
  - { handle: capacity, name: Capacity, type: range, min: 0, max: 5000, step: 10 }
  - { handle: mood, name: Mood, type: range }
  - { handle: data, name: Data, type: json }
`,
      }),
      LOAD_OPTIONS,
    );
    const range = (handle: string) => model.fields.find((f) => f.handle === handle)?.range;
    expect(range('capacity')).toEqual({ min: 0, max: 5000, step: 10 });
    expect(range('mood')).toEqual({ min: 0, max: 100, step: 1 });
    expect(range('data')).toBeUndefined();

    const dir = project({
      ...BASE_FILES,
      'z.yaml': `
fields:
  - { handle: a, name: A, type: range, min: 10, max: 10 }
  - { handle: b, name: B, type: range, step: 0, max: lots }
  - { handle: c, name: C, type: json, min: 1 }
`,
    });
    expect(problemsOf(dir)).toEqual([
      'z.yaml: fields[0].max: must be greater than min (10), got 10',
      'z.yaml: fields[1].max: must be a number, got "lots"',
      'z.yaml: fields[1].step: must be greater than 0, got 0',
      'z.yaml: fields[2]: unknown key "min" (allowed: handle, name, uid, type, instructions, translatable)',
    ]);
  });
});
