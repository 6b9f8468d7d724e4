import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** What `loadEnvFile` did: the file read and the variables it set. */
export interface EnvFileResult {
  readonly path: string;
  /** Variables taken from the file. */
  readonly applied: readonly string[];
  /** Variables of the file left alone because the environment already has them. */
  readonly overridden: readonly string[];
}

/**
 * Reads `.env` from the working directory when there is one, before the settings are loaded (the
 * service and the commands call it first). The file uses the dotenv syntax Node itself reads
 * (`NAME=value`, quotes, `#` comments, `export NAME=value`). A variable already present in the
 * environment, even empty, wins over the file: real environment variables always decide. No file
 * is not an error; a file that cannot be read is.
 */
export function loadEnvFile(
  env: Record<string, string | undefined> = process.env,
  path = resolve('.env'),
): EnvFileResult | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  const applied: string[] = [];
  const overridden: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] !== undefined) {
      overridden.push(name);
      continue;
    }
    env[name] = value;
    applied.push(name);
  }
  return { path, applied, overridden };
}
