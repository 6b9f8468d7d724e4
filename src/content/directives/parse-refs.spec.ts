import type { ElementReference } from './directive-functions';
import { parseRefs } from './parse-refs';

/** A resolver over a fixed table keyed `kind:identifier@site:property`, recording its calls. */
function fakeResolver(table: Record<string, string>) {
  const calls: ElementReference[][] = [];
  const resolver = (refs: readonly ElementReference[]): Promise<(string | null)[]> => {
    calls.push([...refs]);
    return Promise.resolve(
      refs.map(
        (r) => table[`${r.kind}:${r.identifier}@${r.site ?? ''}:${r.property ?? 'url'}`] ?? null,
      ),
    );
  };
  return { resolver, calls };
}

describe('parseRefs', () => {
  it('replaces tags with properties, or URLs when no property is named', async () => {
    const { resolver, calls } = fakeResolver({
      'entry:12@:title': 'Hello',
      'asset:5@:url': '/volumes/images/a.jpg',
    });
    await expect(parseRefs('<a href="{asset:5}">{entry:12:title}</a>', resolver)).resolves.toBe(
      '<a href="/volumes/images/a.jpg">Hello</a>',
    );
    expect(calls).toEqual([
      [
        { kind: 'asset', identifier: '5', site: null, property: null },
        { kind: 'entry', identifier: '12', site: null, property: 'title' },
      ],
    ]);
  });

  it('looks each distinct tag up once, in one call per value', async () => {
    const { resolver, calls } = fakeResolver({ 'entry:12@:title': 'Hello' });
    await expect(parseRefs('{entry:12:title} and {entry:12:title}', resolver)).resolves.toBe(
      'Hello and Hello',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(1);
  });

  it('passes sites and slug identifiers through', async () => {
    const { resolver, calls } = fakeResolver({ 'entry:news/hello@fr:title': 'Bonjour' });
    await expect(parseRefs('{entry:news/hello@fr:title}', resolver)).resolves.toBe('Bonjour');
    expect(calls[0]).toEqual([
      { kind: 'entry', identifier: 'news/hello', site: 'fr', property: 'title' },
    ]);
  });

  it('leaves unresolved tags as written, or uses their fallback', async () => {
    const { resolver } = fakeResolver({});
    await expect(parseRefs('see {entry:999:title}', resolver)).resolves.toBe(
      'see {entry:999:title}',
    );
    await expect(parseRefs('see {entry:999:title || Missing entry}', resolver)).resolves.toBe(
      'see Missing entry',
    );
    await expect(parseRefs('{entry:999||gone}', resolver)).resolves.toBe('gone');
  });

  it('leaves tags of unknown element types alone without asking the resolver', async () => {
    const { resolver, calls } = fakeResolver({});
    await expect(parseRefs('{product:1:title} {a:b} {"json": 1}', resolver)).resolves.toBe(
      '{product:1:title} {a:b} {"json": 1}',
    );
    expect(calls).toHaveLength(0);
  });

  it('accepts ref handles in any case and Craft element class names', async () => {
    const { resolver, calls } = fakeResolver({
      'entry:1@:title': 'One',
      'globalset:footer@:url': '',
    });
    await expect(
      parseRefs(
        '{Entry:1:title}|{craft\\elements\\Entry:1:title}|{GlobalSet:footer}|{foo\\Entry:1}',
        resolver,
      ),
    ).resolves.toBe('One|One||{foo\\Entry:1}');
    expect(calls[0].map((r) => r.kind)).toEqual(['entry', 'globalset']);
  });

  it('keeps escaped tags literal, without the backslash', async () => {
    const { resolver, calls } = fakeResolver({ 'entry:1@:url': '/one' });
    await expect(parseRefs('write \\{entry:1} to link {entry:1}', resolver)).resolves.toBe(
      'write {entry:1} to link /one',
    );
    expect(calls).toEqual([[{ kind: 'entry', identifier: '1', site: null, property: null }]]);
  });

  it('does not call the resolver for text without tags', async () => {
    const { resolver, calls } = fakeResolver({});
    await expect(parseRefs('no tags here', resolver)).resolves.toBe('no tags here');
    await expect(parseRefs('', resolver)).resolves.toBe('');
    expect(calls).toHaveLength(0);
  });

  it('parses tags inside resolved values, to a bounded depth', async () => {
    const { resolver } = fakeResolver({
      'entry:1@:summary': 'see {entry:2:title}',
      'entry:2@:title': 'Two',
      'entry:3@:body': 'loop {entry:3:body}',
    });
    await expect(parseRefs('{entry:1:summary}', resolver)).resolves.toBe('see Two');
    await expect(parseRefs('{entry:3:body}', resolver)).resolves.toBe(
      'loop loop loop {entry:3:body}',
    );
  });
});
