import { DirectiveArgumentError } from './directive-functions';
import { renderMarkdown } from './markdown';

const TABLE = '| a | b |\n|---|---|\n| 1 | 2 |';
const HTML_TABLE =
  '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody></table>\n';

describe('renderMarkdown', () => {
  it('renders the original flavor by default', () => {
    const text = '# Title\n\nSome *em* and **strong**, a [link](/x "t").\n\n- one\n- two\n';
    const html =
      '<h1>Title</h1>\n<p>Some <em>em</em> and <strong>strong</strong>, a <a href="/x" title="t">link</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n';
    expect(renderMarkdown(text, {})).toBe(html);
    expect(renderMarkdown(text, { flavor: null, inlineOnly: null })).toBe(html);
    expect(renderMarkdown(text, { flavor: 'original' })).toBe(html);
  });

  it('has no tables, strikethrough or bare-URL links in the original flavor', () => {
    expect(renderMarkdown(TABLE, {})).toBe(`<p>${TABLE}</p>\n`);
    expect(renderMarkdown('~~x~~ https://example.com', {})).toBe(
      '<p>~~x~~ https://example.com</p>\n',
    );
    expect(renderMarkdown('a\nb', {})).toBe('<p>a\nb</p>\n');
  });

  it('keeps HTML in the text, as Craft does', () => {
    expect(renderMarkdown('Hello <span class="x">you</span>', {})).toBe(
      '<p>Hello <span class="x">you</span></p>\n',
    );
  });

  it('renders GitHub Flavored Markdown', () => {
    expect(renderMarkdown(TABLE, { flavor: 'gfm' })).toBe(HTML_TABLE);
    expect(renderMarkdown('~~x~~ https://example.com', { flavor: 'gfm' })).toBe(
      '<p><del>x</del> <a href="https://example.com">https://example.com</a></p>\n',
    );
    expect(renderMarkdown('```js\nlet a = 1;\n```', { flavor: 'gfm' })).toBe(
      '<pre><code class="language-js">let a = 1;\n</code></pre>\n',
    );
    expect(renderMarkdown('a\nb', { flavor: 'gfm' })).toBe('<p>a\nb</p>\n');
  });

  it('turns line breaks into <br> in gfm-comment', () => {
    expect(renderMarkdown('a\nb', { flavor: 'gfm-comment' })).toBe('<p>a<br>b</p>\n');
    expect(renderMarkdown(TABLE, { flavor: 'gfm-comment' })).toBe(HTML_TABLE);
  });

  it('renders Markdown Extra tables, fenced code and heading attributes', () => {
    expect(renderMarkdown(TABLE, { flavor: 'extra' })).toBe(HTML_TABLE);
    expect(renderMarkdown('## Hello *you* {#intro .lead .big}', { flavor: 'extra' })).toBe(
      '<h2 id="intro" class="lead big">Hello <em>you</em></h2>\n',
    );
    expect(renderMarkdown('Title {#top}\n=====', { flavor: 'extra' })).toBe(
      '<h1 id="top">Title</h1>\n',
    );
    expect(renderMarkdown('## Plain', { flavor: 'extra' })).toBe('<h2>Plain</h2>\n');
    expect(renderMarkdown('~~x~~ https://example.com', { flavor: 'extra' })).toBe(
      '<p>~~x~~ https://example.com</p>\n',
    );
    expect(renderMarkdown('```\ncode\n```', { flavor: 'extra' })).toBe(
      '<pre><code>code\n</code></pre>\n',
    );
  });

  it('leaves heading attributes as text in the other flavors', () => {
    expect(renderMarkdown('## Hello {#intro}', { flavor: 'gfm' })).toBe(
      '<h2>Hello {#intro}</h2>\n',
    );
  });

  it('parses inline syntax only with inlineOnly', () => {
    expect(renderMarkdown('*a* and `b`', { inlineOnly: true })).toBe(
      '<em>a</em> and <code>b</code>',
    );
    expect(renderMarkdown('# not a heading', { inlineOnly: true })).toBe('# not a heading');
    expect(renderMarkdown('a\nb', { flavor: 'gfm-comment', inlineOnly: true })).toBe('a<br>b');
    expect(renderMarkdown('', { inlineOnly: true })).toBe('');
    expect(renderMarkdown('', {})).toBe('');
  });

  it('rejects an unknown flavor', () => {
    expect(() => renderMarkdown('x', { flavor: 'commonmark' })).toThrow(DirectiveArgumentError);
    expect(() => renderMarkdown('x', { flavor: 'commonmark' })).toThrow(
      'Markdown flavor "commonmark" is not defined; use one of original, gfm, gfm-comment, extra',
    );
  });
});
