import { outputSize, renderPlan, transformBox } from './transform-geometry';
import type { TransformPosition } from './transform-spec';

const LANDSCAPE = { width: 1200, height: 800 };
const spec = (
  width: number | null,
  height: number | null,
  mode: 'crop' | 'fit' | 'stretch' | 'letterbox',
  position: TransformPosition = 'center-center',
) => ({ width, height, mode, position });

describe('transform geometry', () => {
  it('fills a missing dimension from the aspect ratio', () => {
    expect(transformBox(LANDSCAPE, { width: 300, height: null })).toEqual({
      width: 300,
      height: 200,
    });
    expect(transformBox(LANDSCAPE, { width: null, height: 100 })).toEqual({
      width: 150,
      height: 100,
    });
    expect(transformBox(LANDSCAPE, { width: null, height: null })).toEqual(LANDSCAPE);
    expect(transformBox({ width: 3000, height: 1 }, { width: 10, height: null })).toEqual({
      width: 10,
      height: 1,
    });
  });

  it('keeps the ratio inside the box for fit, and produces the box for the other modes', () => {
    expect(outputSize(LANDSCAPE, spec(300, 300, 'fit'))).toEqual({ width: 300, height: 200 });
    expect(outputSize(LANDSCAPE, spec(600, 100, 'fit'))).toEqual({ width: 150, height: 100 });
    expect(outputSize(LANDSCAPE, spec(300, 300, 'crop'))).toEqual({ width: 300, height: 300 });
    expect(outputSize(LANDSCAPE, spec(300, 300, 'stretch'))).toEqual({ width: 300, height: 300 });
    expect(outputSize(LANDSCAPE, spec(300, 300, 'letterbox'))).toEqual({ width: 300, height: 300 });
    expect(outputSize(LANDSCAPE, spec(300, null, 'crop'))).toEqual({ width: 300, height: 200 });
  });

  it('scales up smaller sources, as Craft does by default', () => {
    expect(outputSize({ width: 100, height: 50 }, spec(400, 400, 'fit'))).toEqual({
      width: 400,
      height: 200,
    });
    expect(outputSize({ width: 100, height: 50 }, spec(400, 400, 'crop'))).toEqual({
      width: 400,
      height: 400,
    });
  });

  it('crops the overflow at the position', () => {
    const plan = (position: TransformPosition) =>
      renderPlan(LANDSCAPE, spec(400, 400, 'crop', position), null);
    expect(plan('center-center')).toEqual({
      output: { width: 400, height: 400 },
      scale: { width: 600, height: 400 },
      crop: { width: 400, height: 400, left: 100, top: 0 },
      place: null,
    });
    expect(plan('top-left').crop).toEqual({ width: 400, height: 400, left: 0, top: 0 });
    expect(plan('bottom-right').crop).toEqual({ width: 400, height: 400, left: 200, top: 0 });
    const tall = renderPlan(
      { width: 800, height: 1200 },
      spec(400, 400, 'crop', 'bottom-center'),
      null,
    );
    expect(tall.crop).toEqual({ width: 400, height: 400, left: 0, top: 200 });
  });

  it('centres the crop on the focal point, kept inside the image', () => {
    const crop = (focal: [number, number]) =>
      renderPlan(LANDSCAPE, spec(400, 400, 'crop', 'top-left'), focal).crop;
    expect(crop([0.5, 0.5])).toEqual({ width: 400, height: 400, left: 100, top: 0 });
    expect(crop([0.6, 0.5])).toEqual({ width: 400, height: 400, left: 160, top: 0 });
    expect(crop([0.95, 0.5])).toEqual({ width: 400, height: 400, left: 200, top: 0 });
    expect(crop([0, 0])).toEqual({ width: 400, height: 400, left: 0, top: 0 });
  });

  it('letterboxes: fits inside the box and pads at the position', () => {
    expect(renderPlan(LANDSCAPE, spec(300, 300, 'letterbox'), null)).toEqual({
      output: { width: 300, height: 300 },
      scale: { width: 300, height: 200 },
      crop: null,
      place: { width: 300, height: 200, left: 0, top: 50 },
    });
    expect(renderPlan(LANDSCAPE, spec(300, 300, 'letterbox', 'top-center'), null).place).toEqual({
      width: 300,
      height: 200,
      left: 0,
      top: 0,
    });
  });

  it('stretches to the box', () => {
    expect(renderPlan(LANDSCAPE, spec(100, 300, 'stretch'), null)).toEqual({
      output: { width: 100, height: 300 },
      scale: { width: 100, height: 300 },
      crop: null,
      place: null,
    });
  });
});
