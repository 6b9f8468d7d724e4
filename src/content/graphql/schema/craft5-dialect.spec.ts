import { isInputObjectType, isObjectType, printSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';
import type { ContentModel, EntryType, Section } from '../../model/content-model';
import { ContentModelIndex } from '../../model/content-model.index';
import { fullSchema } from '../../schemas/full-schema';
import { ScopeGrants } from '../scope-grants';
import {
  DEMO_MODEL,
  demoModel,
  SCHEMAS,
  schemaWithScope,
  SECTIONS,
} from '../scope-grants.fixtures';
import { buildContentSchema } from './content-schema.builder';
import { validContentSchema } from './content-schema.fixtures';
import type { CraftVersion } from './craft-version';
import { craft5EntryTypeHandles } from './type-names';

/** A copy of a section under another id and handle, its entry types renumbered from id + 1. */
function copySection(source: Section, id: number, handle: string, typeHandles?: string[]): Section {
  return {
    ...source,
    id,
    uid: `uid-section-${handle}`,
    handle,
    name: handle,
    entryTypes: source.entryTypes.map((type, i): EntryType => ({
      ...type,
      id: id + 1 + i,
      uid: `uid-entryType-${handle}.${typeHandles?.[i] ?? type.handle}`,
      handle: typeHandles?.[i] ?? type.handle,
      sectionId: id,
    })),
  };
}

/**
 * The demo model plus `wire` (one entry type, `press_article`) and `press` (a copy of news:
 * `article` and `link` again): Craft 5 must rename press's types.
 */
function clashingModel(): ContentModelIndex {
  const wire = copySection(SECTIONS.news, 60, 'wire', ['press_article']);
  const press = copySection(SECTIONS.news, 70, 'press');
  const model: ContentModel = {
    ...DEMO_MODEL,
    sections: [...DEMO_MODEL.sections, { ...wire, entryTypes: wire.entryTypes.slice(0, 1) }, press],
  };
  return new ContentModelIndex(model);
}

function build(
  model: ContentModelIndex,
  version: CraftVersion,
  definition = fullSchema(model),
): GraphQLSchema {
  return validContentSchema(model, definition, version);
}

function entryTypeNames(schema: GraphQLSchema): string[] {
  return Object.keys(schema.getTypeMap())
    .filter((name) => name.endsWith('_Entry') && isObjectType(schema.getType(name)))
    .sort();
}

describe('Craft 5 entry type handles (the upgrade migration’s rule)', () => {
  it('keeps unique handles and renames later duplicates to <section>_<handle>, then 2, 3...', () => {
    const handles = craft5EntryTypeHandles(clashingModel().model.sections);
    expect(Object.fromEntries([...handles].map(([id, handle]) => [id, handle]))).toEqual({
      31: 'article',
      32: 'link',
      34: 'page',
      36: 'homepage',
      38: 'about',
      61: 'press_article',
      // press.article: `article` is news's, `press_article` wire's.
      71: 'press_article2',
      72: 'press_link',
    });
  });
});

describe('buildContentSchema in the Craft 5 dialect', () => {
  it('names entry types <type>_Entry, with Craft’s renames for clashing handles', () => {
    const model = clashingModel();
    expect(entryTypeNames(build(model, '5'))).toEqual([
      'about_Entry',
      'article_Entry',
      'homepage_Entry',
      // contentBlocks' block types, nested entry types in Craft 5 (craft5-matrix.spec.ts).
      'image_Entry',
      'link_Entry',
      'page_Entry',
      'press_article2_Entry',
      'press_article_Entry',
      'press_link_Entry',
      'quote_Entry',
      'text_Entry',
    ]);
    expect(entryTypeNames(build(model, '4'))).toEqual([
      'about_about_Entry',
      'homepage_homepage_Entry',
      'news_article_Entry',
      'news_link_Entry',
      'pages_page_Entry',
      'press_article_Entry',
      'press_link_Entry',
      'wire_press_article_Entry',
    ]);
  });

  it('keeps the section in mutation names (save_<section>_<Craft 5 handle>_Entry)', () => {
    const schema = build(clashingModel(), '5');
    const saves = Object.keys(schema.getMutationType()?.getFields() ?? {})
      .filter((name) => name.endsWith('_Entry'))
      .sort();
    expect(saves).toEqual([
      'save_about_about_Entry',
      'save_homepage_homepage_Entry',
      'save_news_article_Entry',
      'save_news_link_Entry',
      'save_pages_page_Entry',
      'save_press_press_article2_Entry',
      'save_press_press_link_Entry',
      'save_wire_press_article_Entry',
    ]);
    expect(String(schema.getMutationType()?.getFields().save_news_article_Entry.type)).toBe(
      'article_Entry',
    );
  });

  it('lists the Craft 5 type names in the section unions', () => {
    const schema = build(demoModel(), '5', SCHEMAS.public);
    const union = schema.getType('newsSectionEntryUnion');
    expect(union?.toString()).toBe('newsSectionEntryUnion');
    expect(
      (union as unknown as { getTypes(): { name: string }[] }).getTypes().map((t) => t.name),
    ).toEqual(['article_Entry', 'link_Entry']);
  });

  it('adds notRelatedTo to every element query, and relation criteria inputs', () => {
    const craft5 = build(demoModel(), '5');
    const craft4 = build(demoModel(), '4');
    const args = (schema: GraphQLSchema, field: string) =>
      schema
        .getQueryType()
        ?.getFields()
        [field].args.map((arg) => arg.name) ?? [];
    for (const field of ['entries', 'assets', 'users', 'categories', 'tags', 'globalSets']) {
      expect([field, args(craft5, field).includes('notRelatedTo')]).toEqual([field, true]);
      expect([field, args(craft4, field).includes('notRelatedTo')]).toEqual([field, false]);
    }
    const entries = craft5.getQueryType()?.getFields().entries;
    const relatedToEntries = entries?.args.find((arg) => arg.name === 'relatedToEntries');
    expect(String(relatedToEntries?.type)).toBe('[EntryRelationCriteriaInput]');
    expect(String(entries?.args.find((arg) => arg.name === 'relatedToAssets')?.type)).toBe(
      '[AssetRelationCriteriaInput]',
    );
    const input = craft5.getType('EntryRelationCriteriaInput');
    if (!isInputObjectType(input)) throw new Error('EntryRelationCriteriaInput is missing');
    expect(Object.keys(input.getFields())).toEqual(
      expect.arrayContaining([
        'section',
        'slug',
        'notRelatedTo',
        'relatedViaField',
        'relatedViaSite',
      ]),
    );
    expect(String(input.getFields().relatedViaSite.type)).toBe('[String]');
    // Craft 4's inputs are gone from the Craft 5 schema, and the other way round.
    expect(craft5.getType('EntryCriteriaInput')).toBeUndefined();
    expect(craft4.getType('EntryRelationCriteriaInput')).toBeUndefined();
  });

  it('leaves the Craft 4 dialect as it was (the default)', () => {
    const model = demoModel();
    const grants = new ScopeGrants(SCHEMAS.editorial, model);
    expect(printSchema(buildContentSchema(model, grants, 'UTC', undefined, '4'))).toBe(
      printSchema(buildContentSchema(model, grants, 'UTC')),
    );
  });
});

describe('scopes in the Craft 5 dialect (entries by section alone)', () => {
  const typesOf = (schema: GraphQLSchema) =>
    entryTypeNames(schema).filter((n) => !/^(text|quote|image)_/.test(n));

  it('a section alone grants reading and saving every entry type of it', () => {
    const schema = build(
      demoModel(),
      '5',
      schemaWithScope([
        'sections.uid-section-news:read',
        'sections.uid-section-news:create',
        'sections.uid-section-news:save',
      ]),
    );
    expect(typesOf(schema)).toEqual(['article_Entry', 'link_Entry']);
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(
      expect.arrayContaining(['entries', 'entry', 'entryCount', 'newsEntries']),
    );
    expect(
      Object.keys(schema.getMutationType()?.getFields() ?? {}).filter((name) =>
        name.startsWith('save_'),
      ),
    ).toEqual(['save_news_article_Entry', 'save_news_link_Entry']);
  });

  it('entry type components, where a scope has them, still narrow (switching dialect widens nothing)', () => {
    const schema = build(
      demoModel(),
      '5',
      schemaWithScope([
        'sections.uid-section-news:read',
        'entrytypes.uid-entryType-news.article:read',
      ]),
    );
    expect(typesOf(schema)).toEqual(['article_Entry']);
  });
});
