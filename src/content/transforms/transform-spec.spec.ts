import type { ImageTransform } from '../model/content-model';
import { TransformArgumentError } from './transform-argument-error';
import { resolveTransformSpec } from './transform-spec';

const THUMB: ImageTransform = {
  id: 1,
  uid: 'u-thumb',
  handle: 'thumb',
  name: 'Thumbnail',
  width: 100,
  height: 80,
  mode: 'fit',
  position: 'top-left',
  quality: 60,
  format: 'webp',
  interlace: 'line',
};
const named = (handle: string) => (handle === 'thumb' ? THUMB : undefined);

describe('resolveTransformSpec', () => {
  it('is null when nothing is asked for', () => {
    expect(resolveTransformSpec({}, named)).toBeNull();
    expect(
      resolveTransformSpec({ immediately: true, handle: null, width: null }, named),
    ).toBeNull();
  });

  it("fills Craft's defaults into ad-hoc arguments", () => {
    expect(resolveTransformSpec({ width: 300 }, named)).toEqual({
      handle: null,
      width: 300,
      height: null,
      mode: 'crop',
      position: 'center-center',
      interlace: 'none',
      quality: null,
      format: null,
    });
    expect(resolveTransformSpec({ format: 'webp' }, named)?.format).toBe('webp');
  });

  it('lets a named transform (handle or its alias transform) win over ad-hoc arguments', () => {
    const expected = {
      handle: 'thumb',
      width: 100,
      height: 80,
      mode: 'fit',
      position: 'top-left',
      interlace: 'line',
      quality: 60,
      format: 'webp',
    };
    expect(resolveTransformSpec({ handle: 'thumb', width: 999, mode: 'crop' }, named)).toEqual(
      expected,
    );
    expect(resolveTransformSpec({ transform: 'thumb' }, named)).toEqual(expected);
  });

  it('rejects an unknown handle', () => {
    expect(() => resolveTransformSpec({ handle: 'huge' }, named)).toThrow(
      new TransformArgumentError('Invalid transform handle: huge'),
    );
  });

  it('rejects bad values with messages that list what is allowed', () => {
    const bad = (args: Parameters<typeof resolveTransformSpec>[0]) => () =>
      resolveTransformSpec(args, named);
    expect(bad({ mode: 'zoom' })).toThrow(
      'Invalid transform mode "zoom": use one of crop, fit, stretch, letterbox',
    );
    expect(bad({ position: 'middle' })).toThrow(
      'Invalid transform position "middle": use one of top-left, top-center, top-right, center-left, center-center, center-right, bottom-left, bottom-center, bottom-right',
    );
    expect(bad({ interlace: 'yes' })).toThrow(
      'Invalid transform interlace "yes": use one of none, line, plane, partition',
    );
    expect(bad({ format: 'tiff' })).toThrow(
      'Invalid transform format "tiff": use one of jpg, png, gif, webp, avif',
    );
    expect(bad({ quality: 101 })).toThrow(
      'Transform quality must be a whole number from 0 to 100 (got 101)',
    );
    expect(bad({ quality: -1 })).toThrow(TransformArgumentError);
    expect(bad({ width: 0 })).toThrow(
      'Transform width must be a whole number of pixels from 1 to 8192 (got 0)',
    );
    expect(bad({ height: 10_000 })).toThrow('Transform height must be a whole number');
    expect(bad({ width: 10.5 })).toThrow(TransformArgumentError);
    expect(resolveTransformSpec({ quality: 0 }, named)?.quality).toBe(0);
  });
});
