import { sanitizeRichText } from './rich-text';

describe('rich text sanitising', () => {
  it('removes scripts, event handlers, styles and javascript: or data: URLs', () => {
    const stored = sanitizeRichText(
      '<p>Hi<script>alert(1)</script><img src="x.png" onerror="alert(2)" alt="x">' +
        '<a href="javascript:alert(3)">a</a><a href=" JaVaScRiPt:alert(4)">b</a>' +
        '<a href="java&#x09;script:alert(5)">c</a><img src="data:image/svg+xml,<svg/onload=alert(6)>">' +
        '<svg onload="alert(7)"></svg><iframe src="https://evil.example/"></iframe>' +
        '<p style="position:fixed" onclick="alert(8)">d</p><style>p{}</style><form><input></form></p>',
    );
    expect(stored).not.toMatch(
      /script|alert|onerror|onclick|style|data:|<svg|<iframe|<form|<input/i,
    );
    expect(stored).toBe(
      '<p>Hi<img src="x.png" alt="x" /><a>a</a><a>b</a><a>c</a></p><p>d</p><p></p>',
    );
  });

  it('keeps what an editor writes: structure, links, images, tables, reference tags', () => {
    const html =
      '<h2 id="top" class="lead">Title</h2><p><strong>b</strong> <em>i</em> <code>c</code><br />' +
      '<a href="https://example.com/?a=1&amp;b=2" rel="noopener" target="_blank">x</a> ' +
      '<a href="{entry:12@1:url||https://example.com/}">ref</a> <a href="mailto:a@b.c">m</a></p>' +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote>' +
      '<pre><code>x &lt; y</code></pre><figure><img src="/images/a.jpg" alt="A" width="10" />' +
      '<figcaption>cap</figcaption></figure><table><thead><tr><th colspan="2">h</th></tr></thead>' +
      '<tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
      '<iframe src="https://www.youtube.com/embed/abc" width="560" height="315" allowfullscreen></iframe>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops link targets other than _blank', () => {
    expect(sanitizeRichText('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('is idempotent, so a stored value survives export and import unchanged', () => {
    for (const html of [
      '<p>Tom &amp; Jerry &lt;3 &nbsp;é</p>',
      '<p>Everything here is <strong>demo content</strong>, loaded at the first start.</p>',
      '<p>a<b>unclosed',
    ]) {
      const once = sanitizeRichText(html);
      expect(sanitizeRichText(once)).toBe(once);
    }
  });
});
