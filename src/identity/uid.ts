import { randomInt } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHANUMERIC = `${LETTERS}0123456789`;

/**
 * A short uid in the style of Grafana 11 (`ceaulqadfoav4e`): a letter, then 13 lower-case letters
 * or digits. Unique by its 70 bits of randomness; the database constraint has the last word.
 */
export function shortUid(): string {
  let uid = LETTERS[randomInt(LETTERS.length)];
  for (let i = 0; i < 13; i++) uid += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return uid;
}
