import { bodyText } from './body-text';

describe('bodyText', () => {
  it('decodes UTF-8, keeping a byte order mark', () => {
    expect(bodyText(Buffer.from('{"query":"{ ping }","x":"é😀"}'))).toEqual({
      text: '{"query":"{ ping }","x":"é😀"}',
      malformedUtf8: false,
    });
    expect(bodyText(Buffer.from('\uFEFF{}')).text).toBe('\uFEFF{}');
    expect(bodyText(Buffer.alloc(0))).toEqual({ text: '', malformedUtf8: false });
  });

  it('notes bytes that are not UTF-8 and replaces them with U+FFFD', () => {
    expect(bodyText(Buffer.from([0x7b, 0xc3, 0x28, 0xff, 0x7d]))).toEqual({
      text: '{\uFFFD(\uFFFD}',
      malformedUtf8: true,
    });
    // A sequence cut short at the end of the body.
    expect(bodyText(Buffer.from([0x61, 0xe2, 0x82])).malformedUtf8).toBe(true);
  });
});
