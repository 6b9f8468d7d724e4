import { stripTags } from './strip-tags';

describe('stripTags', () => {
  it('removes every tag and keeps the text', () => {
    expect(stripTags('<p>Hello <b>world</b></p>')).toBe('Hello world');
    expect(stripTags('<p>Hello <b>world</b></p>', { allowed: null })).toBe('Hello world');
    expect(stripTags('<div\n class="a">x</div >')).toBe('x');
  });

  it('keeps the allowed tags, named with or without brackets, in any case', () => {
    expect(stripTags('<p>Hello <b>world</b><br/></p>', { allowed: ['b', 'BR'] })).toBe(
      'Hello <b>world</b><br/>',
    );
    expect(stripTags('<P class="x">Hi <i>there</i></P>', { allowed: ['<p>'] })).toBe(
      '<P class="x">Hi there</P>',
    );
    expect(stripTags('<p>a</p><pre>b</pre>', { allowed: ['p'] })).toBe('<p>a</p>b');
  });

  it('skips a > inside quoted attribute values', () => {
    expect(stripTags('<a href="x>y" title=\'a>b\'>link</a> after')).toBe('link after');
    expect(stripTags('<a href="x>y">link</a>', { allowed: ['a'] })).toBe('<a href="x>y">link</a>');
  });

  it('always removes comments, declarations and processing instructions', () => {
    expect(
      stripTags('<!DOCTYPE html><!-- note <b> -->text<?php echo 1; ?>!', { allowed: ['b'] }),
    ).toBe('text!');
  });

  it('keeps a < followed by whitespace, entities and other text', () => {
    expect(stripTags('a < b and c > d &amp; e')).toBe('a < b and c > d &amp; e');
    expect(stripTags('trailing <')).toBe('trailing <');
  });

  it('drops an unterminated tag to the end, as PHP does', () => {
    expect(stripTags('before <b class="x" after')).toBe('before ');
    expect(stripTags('before <!-- never closed')).toBe('before ');
  });

  it('removes NUL bytes', () => {
    expect(stripTags('a\0b')).toBe('ab');
  });
});
