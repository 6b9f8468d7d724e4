import { demoModel } from '../graphql/scope-grants.fixtures';
import { ElementKinds } from '../model/element-kinds';
import type { ElementCriteria } from '../store/element-criteria';
import type { ElementRecord, KeyedElementRecord } from '../store/element-record';
import { ElementReader } from '../store/element-reader';
import { OVERFLOW_TAG, USERS_TAG } from './cache-tags';
import { TaggingReader } from './tagging-reader';

const record = (id: number) => ({ id }) as ElementRecord;
const keyed = (key: number, id: number): KeyedElementRecord => ({ key, element: record(id) });

/** Answers fixed rows and remembers what it was asked. */
class FixedReader extends ElementReader {
  calls = 0;
  find() {
    this.calls++;
    return Promise.resolve([record(100), record(101)]);
  }
  count() {
    this.calls++;
    return Promise.resolve(2);
  }
  findRelated() {
    this.calls++;
    return Promise.resolve([keyed(100, 200)]);
  }
  countRelated() {
    this.calls++;
    return Promise.resolve(new Map([[100, 1]]));
  }
  entryAuthorIds() {
    this.calls++;
    return Promise.resolve(new Map([[100, [7]]]));
  }
  findDescendants() {
    this.calls++;
    return Promise.resolve([keyed(102, 103)]);
  }
  findAncestors() {
    this.calls++;
    return Promise.resolve([keyed(103, 102)]);
  }
  findBlocks() {
    this.calls++;
    return Promise.resolve([keyed(100, 300)]);
  }
}

const entries = (more: Partial<ElementCriteria> = {}): ElementCriteria => ({
  kind: ElementKinds.entry,
  siteIds: [1],
  containerIds: [30, 33],
  ...more,
});

let inner: FixedReader;
let tags: Set<string>;
let reader: TaggingReader;

beforeEach(() => {
  inner = new FixedReader();
  tags = new Set();
  reader = new TaggingReader(inner, demoModel(), tags);
});

describe('TaggingReader', () => {
  it('passes reads through, tagging the containers looked in and the elements found', async () => {
    expect(await reader.find(entries())).toEqual([record(100), record(101)]);
    expect([...tags]).toEqual(['section-news', 'section-pages', 'element-100', 'element-101']);
    expect(await reader.count({ ...entries(), containerIds: [40], kind: ElementKinds.asset })).toBe(
      2,
    );
    expect(tags.has('volume-images')).toBe(true);
    expect(inner.calls).toBe(2);
  });

  it('tags the elements criteria name: relations and structure positions', async () => {
    await reader.find(
      entries({
        relatedTo: {
          operator: 'and',
          conditions: [{ element: [7] }, { targetElement: [8], sourceElement: [9] }],
        },
        notRelatedTo: { operator: 'or', conditions: [{ element: [10] }] },
        descendantOf: 11,
        ancestorOf: 12,
        nextSiblingOf: 13,
        prevSiblingOf: 14,
        positionedAfter: 15,
        positionedBefore: 16,
      }),
    );
    for (const id of [7, 8, 9, 10, 11, 12, 13, 14, 15, 16]) {
      expect(tags.has(`element-${id}`)).toBe(true);
    }
  });

  it('tags the sources and the rows of batch reads', async () => {
    expect(await reader.findRelated(1, [100], 1, entries())).toEqual([keyed(100, 200)]);
    await reader.findDescendants([102], entries(), true);
    await reader.findAncestors([103], entries(), true);
    await reader.findBlocks(2, [100], { kind: ElementKinds.matrixBlock, siteIds: [1] });
    expect([...tags].sort()).toEqual(
      ['element-100', 'element-102', 'element-103', 'element-200', 'element-300'].concat(
        'section-news',
        'section-pages',
      ),
    );
  });

  it("tags the entries whose authors are read (an entry's save changes them)", async () => {
    expect(await reader.entryAuthorIds([100])).toEqual(new Map([[100, [7]]]));
    expect([...tags]).toEqual(['element-100']);
  });

  it('users have one tag; a relation count without criteria takes the overflow tag', async () => {
    await reader.find({ kind: ElementKinds.user, siteIds: [1] });
    expect(tags.has(USERS_TAG)).toBe(true);
    await reader.countRelated(1, [100], 1);
    expect(tags.has(OVERFLOW_TAG)).toBe(true);
  });
});
