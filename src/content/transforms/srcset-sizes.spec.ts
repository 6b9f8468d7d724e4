import { TransformArgumentError } from './transform-argument-error';
import { parseSrcsetSize, srcsetTransform } from './srcset-sizes';
import type { TransformSpec } from './transform-spec';

const BASE: TransformSpec = {
  handle: 'thumb',
  width: 300,
  height: 200,
  mode: 'fit',
  position: 'top-left',
  interlace: 'line',
  quality: 70,
  format: 'webp',
};

describe('srcset sizes', () => {
  it('parses widths, densities and bare numbers', () => {
    expect(parseSrcsetSize('300w')).toEqual({ value: 300, unit: 'w', descriptor: '300w' });
    expect(parseSrcsetSize('1.5X')).toEqual({ value: 1.5, unit: 'x', descriptor: '1.5x' });
    expect(parseSrcsetSize('640')).toEqual({ value: 640, unit: 'w', descriptor: '640w' });
    expect(parseSrcsetSize('1.0x').descriptor).toBe('1x');
  });

  it('rejects anything else', () => {
    for (const bad of ['big', '2y', 'x', '0x', '-1w', '']) {
      expect(() => parseSrcsetSize(bad)).toThrow(TransformArgumentError);
    }
    expect(() => parseSrcsetSize('big')).toThrow('Invalid srcset size: big');
  });

  it('builds the size transform from the current one, without its handle', () => {
    const current = { width: 300, height: 200 };
    expect(srcsetTransform(current, BASE, parseSrcsetSize('2x'))).toEqual({
      width: 600,
      height: 400,
      mode: 'fit',
      position: 'top-left',
      interlace: 'line',
      quality: 70,
      format: 'webp',
    });
    expect(srcsetTransform(current, BASE, parseSrcsetSize('450w'))).toMatchObject({
      width: 450,
      height: 300,
    });
    expect(srcsetTransform({ width: 1200, height: 800 }, null, parseSrcsetSize('1.5x'))).toEqual({
      width: 1800,
      height: null,
      mode: null,
      position: null,
      interlace: null,
      quality: null,
      format: null,
    });
    expect(
      srcsetTransform(
        { width: 333, height: 111 },
        { ...BASE, height: null },
        parseSrcsetSize('1.5x'),
      ),
    ).toMatchObject({ width: 500, height: null });
  });
});
