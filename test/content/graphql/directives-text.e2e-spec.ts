import { ContentDemoWorld, startContentDemo } from '../../support/content-demo-world';
import { GraphqlClient } from '../../support/graphql-client';
import { data, DIRECTIVES_SEED, fieldErrors } from '../fixtures/directives-world';

/**
 * The text directives over HTTP against one service on PGlite with the demo content:
 * `@markdown` in every flavor; `@stripTags`, `@trim`, `@parseRefs` and chains of them.
 */
describe('content directives over HTTP (PGlite, demo content)', () => {
  let world: ContentDemoWorld;
  let gql: GraphqlClient;

  beforeAll(async () => {
    world = await startContentDemo({ seedFiles: DIRECTIVES_SEED });
    gql = world.gql;
  });
  afterAll(async () => {
    await world?.stop();
  });

  describe('@markdown', () => {
    const TABLE =
      '<table>\n<thead>\n<tr>\n<th>Plan</th>\n<th align="right">Price</th>\n</tr>\n</thead>\n' +
      '<tbody><tr>\n<td>Basic</td>\n<td align="right">10</td>\n</tr>\n</tbody></table>\n';

    it('renders each flavor as Yii’s parsers would', async () => {
      const result = await data(
        gql,
        `{ entry(slug: "markdown-sampler") { ... on news_article_Entry {
            original: body @markdown
            explicit: body @markdown(flavor: "original")
            gfm: body @markdown(flavor: "gfm")
            comment: body @markdown(flavor: "gfm-comment")
            extra: body @markdown(flavor: "extra")
            inline: body @markdown(inlineOnly: true)
          } } }`,
      );
      const entry = result.entry as Record<string, string>;
      expect(entry.original).toBe(
        '<h2>Prices {#prices .wide}</h2>\n' +
          '<p>| Plan | Price |\n| ---- | ----: |\n| Basic | 10 |</p>\n' +
          '<p>~~old~~ <em>new</em>: https://example.com\nfirst line\nsecond line</p>\n',
      );
      expect(entry.explicit).toBe(entry.original);
      expect(entry.gfm).toBe(
        '<h2>Prices {#prices .wide}</h2>\n' +
          TABLE +
          '<p><del>old</del> <em>new</em>: <a href="https://example.com">https://example.com</a>\nfirst line\nsecond line</p>\n',
      );
      expect(entry.comment).toBe(
        '<h2>Prices {#prices .wide}</h2>\n' +
          TABLE +
          '<p><del>old</del> <em>new</em>: <a href="https://example.com">https://example.com</a><br>first line<br>second line</p>\n',
      );
      expect(entry.extra).toBe(
        '<h2 id="prices" class="wide">Prices</h2>\n' +
          TABLE +
          '<p>~~old~~ <em>new</em>: https://example.com\nfirst line\nsecond line</p>\n',
      );
      // Inline syntax only: no paragraphs, block syntax stays text.
      expect(entry.inline).toBe(
        '## Prices {#prices .wide}\n\n| Plan | Price |\n| ---- | ----: |\n| Basic | 10 |\n\n' +
          '~~old~~ <em>new</em>: https://example.com\nfirst line\nsecond line\n',
      );
    });

    it('renders the demo content’s markdown, and reports an unknown flavor', async () => {
      const result = await data(
        gql,
        `{ entry(slug: "welcome-to-the-demo") { ... on news_article_Entry { body @markdown } }
           page: entry(section: "pages", slug: "about-us") { ... on pages_page_Entry { body @markdown } } }`,
      );
      expect(result).toEqual({
        entry: {
          body:
            '<h1>Welcome</h1>\n' +
            '<p>This site is served by a <strong>Craft-compatible</strong> GraphQL API. Try <code>{ entries { title } }</code>.</p>\n' +
            '<ul>\n<li>News articles with categories and tags</li>\n<li>A structure of pages</li>\n<li>Images with transforms</li>\n</ul>\n',
        },
        page: {
          body: '<h2>Who we are</h2>\n<p>A small team that cares about <strong>structured content</strong>.</p>\n',
        },
      });
      const errors = await fieldErrors(
        gql,
        '{ entry(slug: "welcome-to-the-demo") { ... on news_article_Entry { body @markdown(flavor: "fancy") } } }',
      );
      expect(errors).toEqual([
        [
          'Markdown flavor "fancy" is not defined; use one of original, gfm, gfm-comment, extra',
          ['entry', 'body'],
        ],
      ]);
    });
  });

  describe('@stripTags, @trim, @parseRefs and chains', () => {
    it('strips tags and trims as PHP does, in the order written', async () => {
      const result = await data(
        gql,
        `{ entry(slug: "markdown-sampler") { ... on news_article_Entry {
            raw: summary
            trimmed: summary @trim
            stripped: summary @stripTags
            both: summary @stripTags @trim
            allowed: summary @stripTags(allowed: ["a", "<p>"]) @trim
            inline: summary @trim @markdown(inlineOnly: true)
          } } }`,
      );
      expect(result.entry).toEqual({
        raw: "  \t<p>Hello <em>there</em>, <a href='/x'>world</a></p>\n ",
        trimmed: "<p>Hello <em>there</em>, <a href='/x'>world</a></p>",
        stripped: '  \tHello there, world\n ',
        both: 'Hello there, world',
        allowed: "<p>Hello there, <a href='/x'>world</a></p>",
        inline: "<p>Hello <em>there</em>, <a href='/x'>world</a></p>",
      });
    });

    it('replaces reference tags, with sites, fallbacks and escapes, before markdown', async () => {
      const result = await data(
        gql,
        `{ entry(slug: "references-sampler") { ... on news_article_Entry {
            summary @parseRefs
            body @parseRefs @markdown
            untouched: body @markdown
          } } }`,
      );
      const entry = result.entry as Record<string, string>;
      expect(entry.summary).toBe(
        'See Willkommen zur Demo (http://localhost:8080/de/news/willkommen-zur-demo), ' +
          'not {entry:news/welcome-to-the-demo@de:title}.',
      );
      expect(entry.body).toBe(
        '<p>Read <a href="http://localhost:8080/news/welcome-to-the-demo">the welcome</a>. ' +
          'Copyright: © 2024–2026 Demo Publishing.\n' +
          'Missing: no such entry; escaped: {entry:news/welcome-to-the-demo:title}; other: {product:1}.</p>\n',
      );
      expect(entry.untouched).toContain('{globalset:siteInfo:copyright}');
    });
  });
});
