import { ContentDemoWorld, startContentDemo } from '../support/content-demo-world';
import type { GraphqlClient } from '../support/graphql-client';

/*
 * Issue 19 on the content API: rich text saved through a mutation is stored sanitised (finding 6),
 * and a NUL character in a query argument is the argument's error, not a failed database query
 * with a stack in the log (finding 7). The demo model and content on PGlite.
 */

interface Answer<T> {
  data?: T;
  errors?: { message: string }[];
}

let world: ContentDemoWorld;
let editorial: GraphqlClient;

async function post<T>(client: GraphqlClient, query: string, variables = {}): Promise<Answer<T>> {
  const answer = await client.post<Answer<T>>({ query, variables });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Lines of a stack trace (`    at ...`) the service printed so far. */
function stackLines(): string[] {
  return world.service.output().match(/^\s+at .+$/gm) ?? [];
}

beforeAll(async () => {
  world = await startContentDemo();
  editorial = await world.clientFor('editorial');
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

describe('rich text through a mutation', () => {
  it('is stored and served without scripts, event handlers or javascript: links', async () => {
    const intro =
      '<p>Hello<script>alert(1)</script> <img src="/a.png" onerror="alert(2)" alt="a" />' +
      '<a href="javascript:alert(3)">x</a> <a href="https://example.com/">y</a></p>';
    const saved = await post<{ save_pages_page_Entry: { id: string; intro: string } }>(
      editorial,
      'mutation ($intro: String) { save_pages_page_Entry(title: "Sanitised", intro: $intro) { id intro } }',
      { intro },
    );
    expect(saved.errors).toBeUndefined();
    const served =
      '<p>Hello <img src="/a.png" alt="a" /><a>x</a> <a href="https://example.com/">y</a></p>';
    expect(saved.data!.save_pages_page_Entry.intro).toBe(served);
    const read = await post<{ entry: { intro: string } }>(
      editorial,
      'query ($id: [QueryArgument]) { entry(id: $id, status: null) { ... on pages_page_Entry { intro } } }',
      { id: [saved.data!.save_pages_page_Entry.id] },
    );
    expect(read.data!.entry.intro).toBe(served);
  });
});

describe('a NUL character in a query argument', () => {
  it('answers the argument error for search, slug and a field, with no stack in the log', async () => {
    const before = stackLines().length;
    for (const [argument, name] of [
      ['search: $text', 'search'],
      ['slug: [$text]', 'slug'],
      ['title: [$text]', 'title'],
    ]) {
      const answer = await post<{ entries: unknown }>(
        world.gql,
        `query ($text: String) { entries(${argument}) { id } }`,
        { text: 'a\u0000b' },
      );
      expect(answer.errors?.map((error) => error.message)).toEqual([
        `Invalid ${name} value: text cannot contain a NUL character`,
      ]);
    }
    const search = await post<{ entries: unknown[] }>(
      world.gql,
      '{ entries(search: "demo") { id } }',
    );
    expect(search.errors).toBeUndefined();
    expect(stackLines().length).toBe(before);
  });
});
