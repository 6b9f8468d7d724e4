import { assetFilename, decodeFileData } from './file-upload';

describe('decodeFileData', () => {
  it('decodes data URLs with and without a type', () => {
    const hello = Buffer.from('hello').toString('base64');
    expect(decodeFileData(`data:text/plain;base64,${hello}`)).toEqual({
      data: Buffer.from('hello'),
      defaultName: 'Upload.txt',
    });
    expect(decodeFileData(`data:base64,${hello}`)).toEqual({
      data: Buffer.from('hello'),
      defaultName: undefined,
    });
    // Line breaks in long base64 text and URL-safe base64 are fine; unknown types name nothing.
    expect(decodeFileData(`data:image/png;base64,${hello.slice(0, 4)}\n${hello.slice(4)}`)).toEqual(
      {
        data: Buffer.from('hello'),
        defaultName: 'Upload.png',
      },
    );
    expect(decodeFileData('data:application/x-thing;base64,-_-_')).toEqual({
      data: Buffer.from('-_-_', 'base64url'),
      defaultName: undefined,
    });
  });

  it('refuses anything else', () => {
    expect(decodeFileData('aGVsbG8=')).toBeUndefined();
    expect(decodeFileData('data:text/plain,hello')).toBeUndefined();
    expect(decodeFileData('data:text/plain;base64,')).toBeUndefined();
    expect(decodeFileData('data:text/plain;base64,not base64!')).toBeUndefined();
  });
});

describe('assetFilename', () => {
  it('keeps the last path segment, without unsafe characters or leading dots', () => {
    expect(assetFilename('Team photo.JPG')).toBe('Team photo.JPG');
    expect(assetFilename('../../etc/passwd')).toBe('passwd');
    expect(assetFilename('C:\\Users\\me\\file?.pdf')).toBe('file.pdf');
    expect(assetFilename('.htaccess')).toBe('htaccess');
    expect(assetFilename('a\u0000b\tc  d#%.txt')).toBe('ab c d.txt');
    expect(assetFilename('...')).toBe('Upload');
    expect(assetFilename('')).toBe('Upload');
  });
});
