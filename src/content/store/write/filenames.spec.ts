import { freeFilename } from './filenames';

describe('freeFilename', () => {
  it('adds _1, _2... before the extension until a name is free', async () => {
    const taken = new Set(['photo.jpg', 'photo_1.jpg', 'notes']);
    const isTaken = (name: string) => Promise.resolve(taken.has(name));
    expect(await freeFilename('photo.jpg', isTaken)).toBe('photo_2.jpg');
    expect(await freeFilename('notes', isTaken)).toBe('notes_1');
    expect(await freeFilename('new.png', isTaken)).toBe('new.png');
  });
});
