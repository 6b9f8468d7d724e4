import { graphql } from 'graphql';
import type { GqlSchemaDefinition } from '../model/content-model';
import type { ElementRecord, StructurePosition, UserProperties } from '../store/element-record';
import { RequestLoaders } from './request-loaders';
import { element, RecordingElementReader } from './request-loaders.recording-reader.fixtures';
import type { RelationRow } from './request-loaders.recording-reader.fixtures';
import { loaderTestSchema } from './request-loaders.test-schema.fixtures';
import { ScopeGrants } from './scope-grants';
import { demoModel, FIELDS, SCHEMAS, schemaWithScope } from './scope-grants.fixtures';

const model = demoModel();
const ARTICLES = 100;

function userProps(groupIds: number[]): UserProperties {
  return {
    identityUserId: 1,
    username: 'u',
    email: 'u@example.com',
    fullName: 'U',
    firstName: null,
    lastName: null,
    groupIds,
    photoId: null,
    preferences: {},
    suspended: false,
  };
}

function node(structureId: number, level: number): StructurePosition {
  return { structureId, lft: 0, rgt: 0, level, root: 0 };
}

/**
 * 100 news articles (ids 1000..1099) in en and de, each with a hero image, a category, a related
 * article and an author; a pages tree 500 > 501 > 502; blocks on article 1000.
 */
function fixture(): {
  elements: ElementRecord[];
  relations: RelationRow[];
  parents: Map<number, number>;
} {
  const elements: ElementRecord[] = [];
  const relations: RelationRow[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const id = 1000 + i;
    for (const site of [1, 2]) {
      elements.push(
        element(id, 'entry', site, {
          containerId: 30,
          typeId: 31,
          authorId: i % 2 === 0 ? 90 : 91,
          slug: `article-${i}`,
        }),
      );
    }
    relations.push({ fieldId: FIELDS.heroImage.id, sourceId: id, targetId: 2000 + (i % 10) });
    relations.push({ fieldId: FIELDS.newsCategories.id, sourceId: id, targetId: 3000 });
    relations.push({
      fieldId: FIELDS.relatedArticles.id,
      sourceId: id,
      targetId: 1000 + ((i + 1) % ARTICLES),
    });
  }
  for (let i = 0; i < 10; i++) {
    for (const site of [1, 2]) elements.push(element(2000 + i, 'asset', site, { containerId: 40 }));
  }
  for (const site of [1, 2]) {
    elements.push(element(3000, 'category', site, { containerId: 41 }));
    elements.push(element(90, 'user', site, { user: userProps([3]), status: 'suspended' }));
    elements.push(element(91, 'user', site, { user: userProps([4]) }));
    elements.push(
      element(500, 'entry', site, { containerId: 33, typeId: 34, structure: node(33, 1) }),
    );
    elements.push(
      element(501, 'entry', site, { containerId: 33, typeId: 34, structure: node(33, 2) }),
    );
    elements.push(
      element(502, 'entry', site, { containerId: 33, typeId: 34, structure: node(33, 3) }),
    );
  }
  for (const [id, typeId] of [
    [700, 60],
    [701, 62],
    [702, 62],
  ]) {
    elements.push(element(id, 'matrixblock', 1, { containerId: 25, typeId, ownerId: 1000 }));
  }
  const parents = new Map([
    [501, 500],
    [502, 501],
  ]);
  return { elements, relations, parents };
}

function loaders(definition: GqlSchemaDefinition = SCHEMAS.editorial, maxResults = 0) {
  const { elements, relations, parents } = fixture();
  const reader = new RecordingElementReader(elements, relations, parents);
  const grants = new ScopeGrants(definition, model);
  return { reader, loaders: new RequestLoaders({ model, grants, reader, maxResults }) };
}

function testSchema() {
  return loaderTestSchema(FIELDS);
}

describe('RequestLoaders: no N+1', () => {
  it('a list of 100 entries with three relation fields, an author and a nested level costs a fixed number of store calls', async () => {
    const { reader, loaders: context } = loaders();
    const result = await graphql({
      schema: testSchema(),
      source: `{ entries(section: ["news"]) { id heroImage { id } newsCategories { id } categoryCount
        author { id } relatedArticles { id heroImage { id } author { id } } } }`,
      contextValue: context,
    });
    expect(result.errors).toBeUndefined();
    const entries = (
      result.data as {
        entries: { heroImage: unknown[]; relatedArticles: { id: number }[]; author: unknown }[];
      }
    ).entries;
    expect(entries).toHaveLength(ARTICLES);
    expect(entries[0].heroImage).toEqual([{ id: 2000 }]);
    expect(entries[0].relatedArticles).toEqual([
      { id: 1001, heroImage: [{ id: 2001 }], author: { id: 91 } },
    ]);
    // Suspended authors still show (status: null, as Craft eager-loads authors).
    expect(entries[0].author).toEqual({ id: 90 });
    // 1 root find + one batch per relation field (categoryCount shares newsCategories') + one for authors.
    // The nested level asks for elements the first level already loaded: the loaders' caches
    // answer it without a query.
    expect(reader.calls.map((call) => call.method).sort()).toEqual([
      'find',
      'find',
      'findRelated',
      'findRelated',
      'findRelated',
    ]);
    expect(reader.callsOf('findRelated')[0].ids).toHaveLength(ARTICLES);
  });

  it('the count does not grow with the list: 10 entries cost the same calls as 100', async () => {
    const small = loaders();
    const source =
      '{ entries(section: ["news"]) { heroImage { id } newsCategories { id } relatedArticles { id } } }';
    await graphql({ schema: testSchema(), source, contextValue: small.loaders });
    const big = loaders();
    await graphql({
      schema: testSchema(),
      source: source.replace('entries(', 'entries(site: ["*"], '),
      contextValue: big.loaders,
    });
    expect(small.reader.calls).toHaveLength(4);
    // Two sites: one batch per (field, site).
    expect(big.reader.calls).toHaveLength(1 + 3 * 2);
  });
});

describe('RequestLoaders: root fields', () => {
  it('all, one (limit 1) and count (without limit and offset)', async () => {
    const { reader, loaders: context } = loaders(SCHEMAS.public, 50);
    expect(await context.all('entry', { section: ['news'] })).toHaveLength(50);
    const first = await context.one('entry', { section: ['news'], offset: 3 });
    expect(first?.id).toBe(1003);
    expect(reader.callsOf('find')[1].criteria).toMatchObject({ limit: 1, offset: 3 });
    expect(await context.count('entry', { section: ['news'], limit: 5, offset: 3 })).toBe(ARTICLES);
    expect(reader.callsOf('count')[0].criteria).not.toHaveProperty('limit', 5);
    expect(await context.all('entry', { section: ['nope'] })).toEqual([]);
    expect(await context.one('user', {})).toBeNull();
    expect(await context.count('user', {})).toBe(0);
    expect(reader.calls).toHaveLength(3);
  });

  it('fixed arguments (<section>Entries) win over the query arguments', async () => {
    const { reader, loaders: context } = loaders();
    await context.all('entry', { section: ['news'] }, { section: ['pages'] });
    expect(reader.callsOf('find')[0].criteria).toMatchObject({ containerIds: [33] });
  });
});

describe('RequestLoaders: per-element reads', () => {
  it('same arguments in another order share a batch; other arguments get their own', async () => {
    const { reader, loaders: context } = loaders();
    const a = element(1000, 'entry', 1, { containerId: 30, typeId: 31 });
    const b = element(1001, 'entry', 1, { containerId: 30, typeId: 31 });
    await Promise.all([
      context.related(a, FIELDS.relatedArticles, { section: ['news'], limit: 2 }),
      context.related(b, FIELDS.relatedArticles, { limit: 2, section: ['news'] }),
      context.related(b, FIELDS.relatedArticles, { limit: 3 }),
    ]);
    const calls = reader.callsOf('findRelated');
    expect(calls).toHaveLength(2);
    expect(calls[0].ids).toEqual([1000, 1001]);
    expect(calls[0].criteria).toMatchObject({
      kind: 'entry',
      siteIds: [1],
      containerIds: [30],
      limit: 2,
    });
  });

  it('relation targets follow the source site and the scope; unreadable kinds cost nothing', async () => {
    const partner = loaders(SCHEMAS.partner, 10);
    const source = element(1000, 'entry', 1, { containerId: 30, typeId: 31 });
    expect(await partner.loaders.related(source, FIELDS.newsCategories, {})).toEqual([]);
    expect(await partner.loaders.related(source, FIELDS.heroImage, {})).toHaveLength(1);
    expect(partner.reader.calls).toHaveLength(1);
    expect(partner.reader.calls[0].criteria).toMatchObject({
      kind: 'asset',
      containerIds: [40],
      limit: 10,
    });
    const deSource = element(1000, 'entry', 2, { containerId: 30, typeId: 31 });
    const { reader, loaders: context } = loaders();
    await context.related(deSource, FIELDS.heroImage, {});
    expect(reader.calls[0].criteria).toMatchObject({ siteIds: [2] });
  });

  it('_count shares the batch of the field without arguments; matrix fields count blocks', async () => {
    const { reader, loaders: context } = loaders();
    const source = element(1000, 'entry', 1, { containerId: 30, typeId: 31 });
    const [images, count, blocks, unknown] = await Promise.all([
      context.related(source, FIELDS.heroImage, {}),
      context.relatedCount(source, 'heroImage'),
      context.relatedCount(source, 'contentBlocks'),
      context.relatedCount(source, 'nope'),
    ]);
    expect(images).toHaveLength(1);
    expect([count, blocks, unknown]).toEqual([1, 3, 0]);
    expect(reader.calls.map((call) => call.method)).toEqual(['findRelated', 'findBlocks']);
  });

  it('matrix blocks: one batch per field and arguments, block types by handle', async () => {
    const { reader, loaders: context } = loaders();
    const owner = element(1000, 'entry', 1);
    const other = element(1001, 'entry', 1);
    const [quotes, none] = await Promise.all([
      context.blocks(owner, FIELDS.contentBlocks, { type: ['quote'] }),
      context.blocks(other, FIELDS.contentBlocks, { type: ['quote'] }),
    ]);
    expect(quotes.map((block) => block.id)).toEqual([701, 702]);
    expect(none).toEqual([]);
    expect(reader.calls).toHaveLength(1);
    expect(reader.calls[0]).toMatchObject({ method: 'findBlocks', fieldId: 25, ids: [1000, 1001] });
    expect(reader.calls[0].criteria).toMatchObject({
      kind: 'matrixblock',
      containerIds: [25],
      typeIds: [62],
    });
  });

  it('tree reads batch per operation; elements outside structures cost nothing', async () => {
    const { reader, loaders: context } = loaders();
    const root = element(500, 'entry', 1, { structure: node(33, 1) });
    const middle = element(501, 'entry', 1, { structure: node(33, 2) });
    const leaf = element(502, 'entry', 1, { structure: node(33, 3) });
    const channel = element(1000, 'entry', 1);
    const [children, rootChildren, descendants, parent, ancestors, none] = await Promise.all([
      context.children(middle, {}),
      context.children(root, {}),
      context.descendants(root, {}),
      context.parent(leaf, {}),
      context.ancestors(leaf, {}),
      context.children(channel, {}),
    ]);
    expect(children.map((e) => e.id)).toEqual([502]);
    expect(rootChildren.map((e) => e.id)).toEqual([501]);
    expect(descendants.map((e) => e.id)).toEqual([501, 502]);
    expect(parent?.id).toBe(501);
    expect(ancestors.map((e) => e.id)).toEqual([500, 501]);
    expect(none).toEqual([]);
    expect(await context.relatedCount(root, 'descendants')).toBe(2);
    expect(reader.calls.map((call) => call.method)).toEqual([
      'findDescendants',
      'findDescendants',
      'findAncestors',
      'findAncestors',
    ]);
    expect(reader.calls[0].ids).toEqual([501, 500]);
  });

  it('localized: the other readable sites, one query for the list', async () => {
    const { reader, loaders: context } = loaders();
    const sources = [1000, 1001, 1002].map((id) =>
      element(id, 'entry', 1, { containerId: 30, typeId: 31 }),
    );
    const results = await Promise.all(sources.map((source) => context.localized(source, {})));
    expect(results.map((list) => list.map((e) => [e.id, e.siteId]))).toEqual([
      [[1000, 2]],
      [[1001, 2]],
      [[1002, 2]],
    ]);
    expect(reader.calls).toHaveLength(1);
    expect(reader.calls[0].criteria).toMatchObject({ siteIds: [2], id: [1000, 1001, 1002] });
    const partner = loaders(SCHEMAS.partner);
    expect(await partner.loaders.localized(sources[0], {})).toEqual([]);
    expect(partner.reader.calls).toHaveLength(0);
  });

  it('prev/next: one candidate list per arguments, shared by the list', async () => {
    const { reader, loaders: context } = loaders();
    const at = (id: number) => element(id, 'entry', 1, { containerId: 30, typeId: 31 });
    const [prev, next, first, last] = await Promise.all([
      context.prev(at(1005), { section: ['news'] }),
      context.next(at(1005), { section: ['news'] }),
      context.prev(at(1000), { section: ['news'] }),
      context.next(at(1099), { section: ['news'] }),
    ]);
    expect([prev?.id, next?.id, first, last]).toEqual([1004, 1006, null, null]);
    expect(reader.calls).toHaveLength(1);
    expect(reader.calls[0].criteria).toMatchObject({ siteIds: [1], containerIds: [30] });
  });

  it('users and assets by id: batched, any status, scope applied', async () => {
    const editorsOnly = loaders(
      schemaWithScope(['usergroups.editors:read', 'volumes.images:read']),
    );
    const [editor, author, photo] = await Promise.all([
      editorsOnly.loaders.user(90),
      editorsOnly.loaders.user(91),
      editorsOnly.loaders.asset(2003),
    ]);
    expect(editor?.id).toBe(90);
    expect(author).toBeNull();
    expect(photo?.id).toBe(2003);
    expect(editorsOnly.reader.calls).toHaveLength(2);
    expect(editorsOnly.reader.calls[0].criteria).toMatchObject({
      kind: 'user',
      id: [90, 91],
      status: null,
      userGroupIds: [3],
    });
    const pub = loaders(SCHEMAS.public);
    expect(await pub.loaders.user(90)).toBeNull();
    expect(pub.reader.calls).toHaveLength(0);
  });
});
