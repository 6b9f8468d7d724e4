import { prefersHtml, wantsPlaygroundPage } from './page-request';

const CHROME_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('prefersHtml', () => {
  it('accepts what browsers send when navigating', () => {
    expect(prefersHtml(CHROME_ACCEPT)).toBe(true);
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(
      true,
    );
    expect(prefersHtml('TEXT/HTML; charset=utf-8')).toBe(true);
  });

  it('refuses clients that do not name text/html or prefer JSON', () => {
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml('text/*')).toBe(false);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/graphql-response+json, application/json;q=0.9')).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
    expect(prefersHtml('application/graphql-response+json;q=0.2, text/html;q=0.4')).toBe(true);
    expect(prefersHtml('text/html;q=0')).toBe(false);
    expect(prefersHtml('text/html;q=oops')).toBe(false);
  });
});

describe('wantsPlaygroundPage', () => {
  const page = (method: string, url: string, accept: string | null = CHROME_ACCEPT) =>
    wantsPlaygroundPage({ method, url, accept: accept ?? undefined });

  it('serves browsers opening the path, with or without other parameters', () => {
    expect(page('GET', '/graphql')).toBe(true);
    expect(page('HEAD', '/api')).toBe(true);
    expect(page('GET', '/graphql?token=x')).toBe(true);
  });

  it('leaves queries, other methods and other clients to the endpoint', () => {
    expect(page('GET', '/graphql?query=%7Bping%7D')).toBe(false);
    expect(page('GET', '/graphql?query=')).toBe(false);
    expect(page('GET', '/graphql?operationName=x&query')).toBe(false);
    expect(page('POST', '/graphql')).toBe(false);
    expect(page('OPTIONS', '/graphql')).toBe(false);
    expect(page('GET', '/graphql', '*/*')).toBe(false);
    expect(page('GET', '/graphql', null)).toBe(false);
  });
});
