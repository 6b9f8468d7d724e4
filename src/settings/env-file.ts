import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * The variables of a dotenv file (`NAME=value` lines: quotes, `#` comments, `export NAME=value`,
 * no `${VAR}` expansion), read with Node's own dotenv parser; none when the file does not exist.
 */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  return parseEnv(text) as Record<string, string>;
}
