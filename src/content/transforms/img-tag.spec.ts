import { imgTag } from './img-tag';

describe('imgTag', () => {
  it("writes Craft's attribute order and escapes values", () => {
    expect(
      imgTag({
        src: '/volumes/images/a%20b.jpg?x=1&y=2',
        width: 300,
        height: 200,
        srcset: '/a.jpg, /b.jpg 2x',
        alt: 'Tom\'s "cat" <3',
      }),
    ).toBe(
      '<img src="/volumes/images/a%20b.jpg?x=1&amp;y=2" width="300" height="200" srcset="/a.jpg, /b.jpg 2x" alt="Tom&#039;s &quot;cat&quot; &lt;3">',
    );
  });

  it('leaves out null attributes', () => {
    expect(imgTag({ src: '/a.svg', width: null, height: null, srcset: null, alt: null })).toBe(
      '<img src="/a.svg">',
    );
    expect(imgTag({ src: '/a.jpg', width: 1, height: 2, alt: '' })).toBe(
      '<img src="/a.jpg" width="1" height="2" alt="">',
    );
  });
});
