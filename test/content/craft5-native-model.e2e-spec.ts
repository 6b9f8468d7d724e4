import { type ExtendedDemo, startExtendedDemo } from '../support/craft5-demo';
import { GraphqlClient } from '../support/graphql-client';

/**
 * A native Craft 5 model (docs/content-model.md, "Global entry types"): entry types declared once
 * at the top level and listed by handle in several sections, beside the demo project's sections
 * written in Craft 4's form. In the Craft 5 dialect a shared entry type is one GraphQL type
 * `<handle>_Entry` in every section's union (a Craft 5 front end spreads `... on page_Entry`
 * inside `blogEntries`); an entry type written in a section whose handle a global one has is
 * renamed as Craft's upgrade renames it. The Craft 4 dialect keeps `<section>_<type>_Entry`.
 */

const ENTRY_TYPES = `
entryTypes:
  - handle: page
    name: Page
    fields: [summary, body, relatedArticles]
  - handle: post
    name: Post
    fields: [summary, heroImage, relatedArticles, builder, price, opens, country, icon, align, cta, ctaPlain]
  - handle: callout
    name: Callout
    fields: [summary, website]
fields:
  - { handle: price, name: Price, type: money, currency: EUR }
  - { handle: opens, name: Opens, type: time }
  - { handle: cta, name: Call to action, type: link, types: [url, email, entry] }
  - { handle: ctaPlain, name: Plain link, type: link, types: [url, email], fullGraphqlData: false }
  - { handle: country, name: Country, type: country }
  - { handle: icon, name: Icon, type: icon }
  - { handle: align, name: Alignment, type: buttonGroup, options: [left, { value: center, label: Centred, default: true }] }
  - handle: builder
    name: Page builder
    type: matrix
    entryTypes: [page, callout]
`;

const SECTIONS = `
  - handle: blog
    name: Blog
    type: channel
    uriFormat: blog/{slug}
    entryTypes: [post, page]
  - handle: landing
    name: Landing pages
    type: structure
    uriFormat: '{slug}'
    entryTypes: [page]
  - handle: example
    name: Example structure
    type: structure
    uriFormat: example-structure/{slug}
    entryTypes: [page]
  - handle: tree
    name: Tree kept as before
    type: structure
    uriFormat: tree/{slug}
    uriParentPrefix: true
    entryTypes: [page]
  - handle: legacy
    name: Legacy
    type: channel
    uriFormat: legacy/{slug}
    entryTypes:
      - { handle: page, name: Legacy page, fields: [website] }
`;

const SEED = {
  '70-e2e-craft5.yaml': `
entries:
  - section: blog
    type: post
    slug: hello
    title: Hello
    postDate: 2024-06-01T09:00:00Z
    fields:
      summary: The first post.
      heroImage: [images/harbour-at-dusk.jpg]
      relatedArticles: [news/welcome-to-the-demo]
      price: 1234.5
      opens: '9:30'
      country: de
      icon: circle-check
      cta:
        { type: url, value: 'https://example.com/a?b=1', label: 'Read "more"', target: _blank, urlSuffix: '#top' }
      ctaPlain: https://example.com/plain
      builder:
        - type: page
          fields:
            summary: A page inside the builder.
            relatedArticles: [news/graphql-for-content-teams]
        - type: callout
          fields:
            summary: Call us.
            website: https://example.com/call
  - section: blog
    type: page
    slug: colophon
    title: Colophon
    postDate: 2024-06-02T09:00:00Z
    fields:
      summary: How the blog is made.
  - section: landing
    type: page
    slug: spring
    title: Spring
    postDate: 2024-06-03T09:00:00Z
    fields:
      summary: A landing page.
  - { section: example, type: page, slug: example-structure-entry-level-1, title: Level 1 }
  - section: example
    type: page
    slug: example-structure-entry-level-2
    title: Level 2
    parent: example-structure-entry-level-1
  - { section: tree, type: page, slug: root, title: Root }
  - { section: tree, type: page, slug: leaf, title: Leaf, parent: root }
  - section: legacy
    type: page
    slug: old
    title: Old
    postDate: 2024-06-04T09:00:00Z
    fields:
      website: https://example.com/old
`,
};

type Data = Record<string, unknown>;

async function data(client: GraphqlClient, query: string): Promise<Data> {
  const answer = await client.post<{ data?: Data; errors?: unknown }>({ query });
  expect(answer.body.errors).toBeUndefined();
  expect(answer.status).toBe(200);
  return answer.body.data ?? {};
}

const typenames = (entries: unknown) =>
  (entries as { __typename: string; sectionHandle: string; slug: string }[])
    .map((e) => `${e.sectionHandle}/${e.slug}=${e.__typename}`)
    .sort();

describe.each([
  ['pglite', '5'],
  ['postgres', '5'],
  ['pglite', '4'],
] as const)('a native Craft 5 model on %s, Craft %s dialect', (database, craftVersion) => {
  let demo: ExtendedDemo;
  let admin: GraphqlClient;

  beforeAll(async () => {
    demo = await startExtendedDemo({
      database,
      craftVersion,
      entryTypes: ENTRY_TYPES,
      sections: SECTIONS,
      seedFiles: SEED,
      databaseName: 'craft5_model',
    });
    admin = demo.world.fullSchemaClient();
  }, 120_000);

  afterAll(() => demo?.stop());

  it("gives structure entries the URI their section's format renders, as Craft does", async () => {
    const result = await data(
      admin,
      `{
        example: entries(section: "example", orderBy: "lft") { level uri }
        tree: entries(section: "tree", orderBy: "lft") { level uri }
        pages: entries(section: "pages", level: 2, limit: 1) { uri }
        byUri: entry(uri: "example-structure/example-structure-entry-level-2") { title }
      }`,
    );
    expect(result).toEqual({
      example: [
        { level: 1, uri: 'example-structure/example-structure-entry-level-1' },
        { level: 2, uri: 'example-structure/example-structure-entry-level-2' },
      ],
      // uriParentPrefix: true keeps this service's earlier rule.
      tree: [
        { level: 1, uri: 'tree/root' },
        { level: 2, uri: 'tree/root/tree/leaf' },
      ],
      // The demo's `{parent.uri}/{slug}`.
      pages: [{ uri: 'about-us/team' }],
      byUri: { title: 'Level 2' },
    });
  });

  it("answers Craft 5's field types: money, time, country, icon, button group", async () => {
    const post = craftVersion === '5' ? 'post_Entry' : 'blog_post_Entry';
    const result = await data(
      admin,
      `{
        en: blogEntries(slug: "hello") { ... on ${post} {
          price amount: price @money(format: "amount") decimal: price @money(format: "decimal")
          local: price @money(locale: "en-US")
          opens @formatDateTime(format: "H:i") country icon align alignLabel: align(label: true)
        } }
        de: blogEntries(slug: "hello", site: "de") { ... on ${post} { price } }
        byCountry: entryCount(section: "blog", country: "DE")
      }`,
    );
    expect(result).toEqual({
      en: [
        {
          price: '€1,234.50',
          amount: '123450',
          decimal: '1234.50',
          local: '€1,234.50',
          opens: '09:30',
          country: 'DE',
          icon: 'circle-check',
          align: 'center',
          alignLabel: 'Centred',
        },
      ],
      de: [{ price: '1.234,50\u00a0€' }],
      byCountry: 1,
    });
    const saved = await admin.post<{ data?: Data; errors?: { message: string }[] }>({
      query: `mutation { save_blog_post_Entry(title: "Priced", price: 9.999, country: "zz") { id } }`,
    });
    expect(saved.body.errors?.[0]?.message).toMatch(/"zz" is not a country code such as "DE"/);
  });

  it("answers Craft 5.6's LinkData, the URL alone without fullGraphqlData, and element links", async () => {
    const post = craftVersion === '5' ? 'post_Entry' : 'blog_post_Entry';
    const link = `{ type value label defaultLabel urlSuffix url link target download
      elementType elementId elementTitle entry { slug } }`;
    const hello = await data(
      admin,
      `{ blogEntries(slug: "hello") { ... on ${post} { cta ${link} ctaPlain } } }`,
    );
    expect(hello).toEqual({
      blogEntries: [
        {
          cta: {
            type: 'url',
            value: 'https://example.com/a?b=1',
            label: 'Read "more"',
            defaultLabel: 'https://example.com/a?b=1',
            urlSuffix: '#top',
            url: 'https://example.com/a?b=1#top',
            link: '<a href="https://example.com/a?b=1#top" target="_blank">Read &quot;more&quot;</a>',
            target: '_blank',
            download: false,
            elementType: null,
            elementId: null,
            elementTitle: null,
            entry: null,
          },
          ctaPlain: 'https://example.com/plain',
        },
      ],
    });
    const { entry } = await data(admin, '{ entry(slug: "welcome-to-the-demo") { id title url } }');
    const target = entry as { id: string; title: string; url: string };
    const saved = await data(
      admin,
      `mutation { save_blog_post_Entry(title: "Linked", cta: "{entry:${target.id}}", ctaPlain: "mailto:hi@example.com") {
        id ... on ${post} { cta ${link} ctaPlain } } }`,
    );
    const { id: linkedId, ...linked } = saved.save_blog_post_Entry as Data;
    // The other tests list the blog's entries: the one saved here goes again.
    await data(admin, `mutation { deleteEntry(id: ${String(linkedId)}) }`);
    expect(linked).toEqual({
      cta: {
        type: 'entry',
        value: target.url,
        label: null,
        defaultLabel: target.title,
        urlSuffix: null,
        url: target.url,
        link: `<a href="${target.url}">${target.title}</a>`,
        target: null,
        download: false,
        elementType: 'craft\\elements\\Entry',
        elementId: Number(target.id),
        elementTitle: target.title,
        entry: { slug: 'welcome-to-the-demo' },
      },
      ctaPlain: 'mailto:hi@example.com',
    });
    const refused = await admin.post<{ errors?: { message: string }[] }>({
      query: 'mutation { save_blog_post_Entry(title: "Bad", ctaPlain: "{entry:1}") { id } }',
    });
    expect(refused.body.errors?.[0]?.message).toMatch(
      /link type "entry" is not allowed here \(url, email\)/,
    );
  });

  if (craftVersion === '5') {
    it('serves a shared entry type as one type in every section, and renames a clashing one', async () => {
      const { entries } = await data(
        admin,
        '{ entries(section: ["blog", "landing", "legacy"]) { __typename sectionHandle slug } }',
      );
      expect(typenames(entries)).toEqual([
        'blog/colophon=page_Entry',
        'blog/hello=post_Entry',
        'landing/spring=page_Entry',
        'legacy/old=legacy_page_Entry',
      ]);
    });

    it("answers a Craft 5 front end's fragments on the shared type inside a section's union", async () => {
      const result = await data(
        admin,
        `{
          blogEntries(orderBy: "postDate ASC") {
            __typename
            ... on post_Entry { title summary heroImage { filename } relatedArticles { slug } }
            ... on page_Entry { title summary }
          }
          landingEntries { ... on page_Entry { title summary uri } }
        }`,
      );
      expect(result).toEqual({
        blogEntries: [
          {
            __typename: 'post_Entry',
            title: 'Hello',
            summary: 'The first post.',
            heroImage: [{ filename: 'harbour-at-dusk.jpg' }],
            relatedArticles: [{ slug: 'welcome-to-the-demo' }],
          },
          { __typename: 'page_Entry', title: 'Colophon', summary: 'How the blog is made.' },
        ],
        landingEntries: [{ title: 'Spring', summary: 'A landing page.', uri: 'spring' }],
      });
    });

    it("serves a matrix field's global entry types as those entry types, with the blocks' own values", async () => {
      const result = await data(
        admin,
        `{
          blogEntries(slug: "hello") {
            ... on post_Entry {
              builder {
                __typename
                ... on page_Entry { summary relatedArticles { slug } }
                ... on callout_Entry { summary website }
              }
            }
          }
        }`,
      );
      expect(result).toEqual({
        blogEntries: [
          {
            builder: [
              {
                __typename: 'page_Entry',
                summary: 'A page inside the builder.',
                relatedArticles: [{ slug: 'graphql-for-content-teams' }],
              },
              {
                __typename: 'callout_Entry',
                summary: 'Call us.',
                website: 'https://example.com/call',
              },
            ],
          },
        ],
      });
    });

    it('keeps the section in mutation names and saves through the shared type', async () => {
      const saved = await data(
        admin,
        'mutation { save_landing_page_Entry(title: "Summer", summary: "Saved.") { __typename title summary sectionHandle } }',
      );
      expect(saved).toEqual({
        save_landing_page_Entry: {
          __typename: 'page_Entry',
          title: 'Summer',
          summary: 'Saved.',
          sectionHandle: 'landing',
        },
      });
    });
  } else {
    it("serves a matrix field's global entry types as block types", async () => {
      const result = await data(
        admin,
        `{ blogEntries(slug: "hello") { ... on blog_post_Entry { builder { __typename } } } }`,
      );
      expect(result).toEqual({
        blogEntries: [
          {
            builder: [
              { __typename: 'builder_page_BlockType' },
              { __typename: 'builder_callout_BlockType' },
            ],
          },
        ],
      });
    });

    it('keeps <section>_<type>_Entry for every section of a shared entry type', async () => {
      const { entries } = await data(
        admin,
        '{ entries(section: ["blog", "landing", "legacy"]) { __typename sectionHandle slug } }',
      );
      expect(typenames(entries)).toEqual([
        'blog/colophon=blog_page_Entry',
        'blog/hello=blog_post_Entry',
        'landing/spring=landing_page_Entry',
        'legacy/old=legacy_page_Entry',
      ]);
    });
  }
});
