import { adminPage } from './admin-page';
import { contentSecurityPolicy, pageHeaders, styleNonce } from './page-headers';
import { pageHtml } from './page-html';
import { playgroundPage } from './graphiql-page';

const assetUrl = (name: string) => `/graphql-assets/${name}?v=1`;

describe('pageHtml', () => {
  it('escapes every value from outside', () => {
    const html = pageHtml({
      title: '<Title> & "more"',
      stylesheets: ['/a.css?x="y"'],
      scripts: ['/a.js?<b>'],
      data: { endpoint: '/graph"ql<script>' },
      body: '<main></main>',
    });
    expect(html).toContain('<title>&lt;Title&gt; &amp; &quot;more&quot;</title>');
    expect(html).toContain('<link rel="stylesheet" href="/a.css?x=&quot;y&quot;">');
    expect(html).toContain('<script src="/a.js?&lt;b&gt;"></script>');
    expect(html).toContain('<body data-endpoint="/graph&quot;ql&lt;script&gt;">');
    expect(html).toContain('<main></main>');
  });
});

describe('playgroundPage', () => {
  const html = playgroundPage({
    endpoint: '/api',
    adminPath: '/content/admin',
    styleNonce: 'n0nce',
    assetUrl,
  });

  it('loads React, GraphiQL and its own script from the service, in that order, and nothing inline', () => {
    const scripts = [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      '/graphql-assets/react.production.min.js?v=1',
      '/graphql-assets/react-dom.production.min.js?v=1',
      '/graphql-assets/graphiql.min.js?v=1',
      '/graphql-assets/playground.js?v=1',
    ]);
    expect(html).not.toMatch(/<script>|<style|\sstyle="|\son\w+="/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('tells the script where to send queries and which nonce its styles carry', () => {
    expect(html).toContain('data-endpoint="/api"');
    expect(html).toContain('data-style-nonce="n0nce"');
    expect(html).toContain('<input id="token-input"');
    expect(html).toContain('href="/content/admin"');
  });
});

describe('adminPage', () => {
  it('links the playground and loads only its own script and styles', () => {
    const html = adminPage({ playgroundPath: '/graphql', styleNonce: 'n', assetUrl });
    expect(html).toContain('data-playground="/graphql"');
    expect(html).toContain('href="/graphql"');
    expect([...html.matchAll(/<script src="([^"]+)">/g)].map((m) => m[1])).toEqual([
      '/graphql-assets/admin.js?v=1',
    ]);
    expect(html).toContain('<form id="sign-in"');
    expect(html).not.toMatch(/<script>|<style|\sstyle="|\son\w+="/);
  });
});

describe('page headers', () => {
  it('allow only the service itself, styles also by nonce', () => {
    expect(contentSecurityPolicy('abc')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-abc'; img-src 'self' data:; " +
        "font-src 'self' data:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; " +
        "form-action 'none'; frame-ancestors 'none'",
    );
    expect(pageHeaders('abc')).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'Accept',
      'x-frame-options': 'DENY',
    });
  });

  it('makes a new nonce each time', () => {
    const nonce = styleNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(styleNonce()).not.toBe(nonce);
  });
});
