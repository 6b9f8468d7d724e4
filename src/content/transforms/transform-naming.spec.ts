import { outputFilename, outputFormat, transformFolderName } from './transform-naming';
import type { TransformSpec } from './transform-spec';

const AD_HOC: TransformSpec = {
  handle: null,
  width: 300,
  height: null,
  mode: 'crop',
  position: 'center-center',
  interlace: 'none',
  quality: null,
  format: null,
};

describe('transform naming', () => {
  it('names folders as Craft does', () => {
    expect(transformFolderName(AD_HOC)).toBe('_300xAUTO_crop_center-center_none');
    expect(
      transformFolderName({ ...AD_HOC, width: null, height: 200, quality: 75, interlace: 'line' }),
    ).toBe('_AUTOx200_crop_center-center_75_line');
    expect(transformFolderName({ ...AD_HOC, handle: 'thumb' })).toBe('_thumb');
  });

  it('keeps web formats, converts others to png (with transparency) or jpg', () => {
    expect(outputFormat(AD_HOC, 'photo.JPEG', false)).toBe('jpg');
    expect(outputFormat(AD_HOC, 'logo.png', true)).toBe('png');
    expect(outputFormat(AD_HOC, 'scan.tiff', false)).toBe('jpg');
    expect(outputFormat(AD_HOC, 'layers.tif', true)).toBe('png');
    expect(outputFormat({ ...AD_HOC, format: 'webp' }, 'photo.jpg', false)).toBe('webp');
  });

  it("uses the output format's extension when it changes", () => {
    expect(outputFilename('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(outputFilename('photo.jpg', 'webp')).toBe('photo.webp');
    expect(outputFilename('scan.final.tiff', 'jpg')).toBe('scan.final.jpg');
  });
});
