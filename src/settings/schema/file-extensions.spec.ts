import { loadSettings } from '../settings.loader';
import {
  DEFAULT_ALLOWED_FILE_EXTENSIONS,
  normaliseFileExtension,
  parseFileExtensions,
} from './file-extensions';

describe('allowed file extensions', () => {
  it("default to Craft's list without js: no scripts or HTML pages, the usual documents and media", () => {
    for (const active of ['js', 'mjs', 'html', 'htm', 'xhtml', 'php', 'css', 'xml']) {
      expect(DEFAULT_ALLOWED_FILE_EXTENSIONS).not.toContain(active);
    }
    for (const usual of ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'pdf', 'txt', 'mp4', 'zip']) {
      expect(DEFAULT_ALLOWED_FILE_EXTENSIONS).toContain(usual);
    }
    // Craft 5 lists 97; js is the one left out.
    expect(DEFAULT_ALLOWED_FILE_EXTENSIONS).toHaveLength(96);
    expect(loadSettings({}).content.allowedFileExtensions).toEqual(DEFAULT_ALLOWED_FILE_EXTENSIONS);
  });

  it('take CONTENT_ALLOWED_FILE_EXTENSIONS as a comma list, any case, dots optional', () => {
    expect(parseFileExtensions(' JPG, .png,pdf,,png ')).toEqual(['jpg', 'png', 'pdf']);
    expect(
      loadSettings({ CONTENT_ALLOWED_FILE_EXTENSIONS: 'txt,JS' }).content.allowedFileExtensions,
    ).toEqual(['txt', 'js']);
    for (const bad of ['tar.gz', 'a b', ',', 'x/y']) {
      expect(() => parseFileExtensions(bad)).toThrow(
        'allowed values: file extensions separated by commas (jpg,png,pdf), each without dots or spaces',
      );
    }
    expect(normaliseFileExtension('.WebP')).toBe('webp');
    expect(normaliseFileExtension('.')).toBeUndefined();
  });
});
