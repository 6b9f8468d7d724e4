/**
 * Craft's automatic slugs: HTML tags and inner-word punctuation removed, lower case, words
 * (letters, digits, marks, `.`, `_`, `-`) joined with `-`. Non-ASCII letters are kept
 * (Craft's default `limitAutoSlugsToAscii: false`), so "Über uns" becomes `über-uns`.
 */
export function slugify(title: string): string {
  const withoutTags = title.replace(/<[^>]*>/g, '');
  const withoutPunctuation = withoutTags.replace(/['"‘’“”[\](){}:]/gu, '');
  return withoutPunctuation
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}._-]+/u)
    .filter((word) => word !== '')
    .join('-');
}

/**
 * An asset title from its filename, as Craft does on upload: the name without its extension,
 * split into words at `-`, `_`, `.` and spaces, each word capitalised ("team_photo-2.jpg" →
 * "Team Photo 2").
 */
export function titleFromFilename(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const base = dot > 0 ? filename.slice(0, dot) : filename;
  return base
    .split(/[-_.\s]+/)
    .filter((word) => word !== '')
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}
