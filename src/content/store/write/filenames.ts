const MAX_SUFFIX = 10_000;

/**
 * The name itself when it is free, else Craft's way of avoiding conflicts: `_1`, `_2`... before
 * the extension (`photo.jpg` → `photo_1.jpg`).
 */
export async function freeFilename(
  name: string,
  taken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  if (!(await taken(name))) return name;
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const candidate = `${base}_${n}${extension}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`no free file name like ${name} after ${MAX_SUFFIX} tries`);
}
