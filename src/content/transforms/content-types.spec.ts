import { contentTypeOf, SANDBOX_CSP, servedHeaders } from './content-types';

describe('servedHeaders', () => {
  it('shows raster images inline, as they are', () => {
    expect(servedHeaders(contentTypeOf('photo.JPG'))).toEqual({ 'content-type': 'image/jpeg' });
    expect(servedHeaders(contentTypeOf('a.webp'))).toEqual({ 'content-type': 'image/webp' });
  });

  it('shows SVG inline but sandboxed', () => {
    expect(servedHeaders(contentTypeOf('drawing.svg'))).toEqual({
      'content-type': 'image/svg+xml',
      'content-security-policy': SANDBOX_CSP,
    });
  });

  it('makes every other file a sandboxed download', () => {
    for (const name of ['notes.txt', 'page.html', 'doc.pdf', 'data.xml', 'clip.mp4', 'blob']) {
      expect(servedHeaders(contentTypeOf(name))).toEqual({
        'content-type': contentTypeOf(name),
        'content-security-policy': SANDBOX_CSP,
        'content-disposition': 'attachment',
      });
    }
  });

  it('serves scripts and stylesheets as plain text, which nosniff will not run', () => {
    for (const name of ['evil.js', 'evil.css']) {
      expect(servedHeaders(contentTypeOf(name))).toEqual({
        'content-type': 'text/plain; charset=utf-8',
        'content-security-policy': SANDBOX_CSP,
        'content-disposition': 'attachment',
      });
    }
  });
});
