import { parse as parseYaml } from 'yaml';

/** Items of a top-level list parsed together: the parser's documents stay a few MB. */
const ITEMS_PER_CHUNK = 200;

const TOP_KEY = /^([A-Za-z_][A-Za-z0-9_]*):[ \t]*(#.*)?$/;
const ITEM = /^( *)-( |$)/;

/**
 * A content file's YAML, parsed a slice at a time. The parser's document of a 5,000-entry
 * file takes ~200 MB, far more than the values it holds; content files are a
 * mapping of a few keys to long block lists, so each key's list is cut at its items
 * (`  - ` at the list's indentation) and parsed `ITEMS_PER_CHUNK` items at a time. Anything
 * else (flow style, directives, several documents, a repeated key, a slice that fails, e.g. an
 * alias of an anchor in another slice) is parsed whole, so values and messages stay those of
 * the whole file.
 */
export function parseYamlInChunks(text: string): unknown {
  return chunked(text) ?? parseYaml(text);
}

function chunked(text: string): Record<string, unknown> | undefined {
  const lines = text.split('\n');
  const sections: { key: string; body: string[] }[] = [];
  for (const line of lines) {
    if (line.startsWith('%') || line.startsWith('---') || line.startsWith('...')) return undefined;
    const top = TOP_KEY.exec(line);
    if (top !== null) sections.push({ key: top[1], body: [] });
    else if (/^[^\s#]/.test(line)) return undefined;
    else if (sections.length > 0) sections[sections.length - 1].body.push(line);
    else if (line.trim() !== '' && !line.trimStart().startsWith('#')) return undefined;
  }
  if (sections.length === 0) return undefined;
  const result: Record<string, unknown> = {};
  for (const { key, body } of sections) {
    if (key in result) return undefined;
    const value = parseList(key, body);
    if (value === FAILED) return undefined;
    result[key] = value;
  }
  return result;
}

const FAILED = Symbol('failed');

/** A key's block list, slice by slice; null when the key has no value. */
function parseList(key: string, body: string[]): unknown {
  const first = body.find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  if (first === undefined) return null;
  const indent = ITEM.exec(first)?.[1];
  if (indent === undefined) return FAILED;
  const items: unknown[] = [];
  let slice: string[] = [];
  let count = 0;
  const flush = (): boolean => {
    if (count === 0) return true;
    let parsed: unknown;
    try {
      parsed = parseYaml(`${key}:\n${slice.join('\n')}\n`);
    } catch {
      return false;
    }
    const list = (parsed as Record<string, unknown> | null)?.[key];
    if (!Array.isArray(list) || list.length !== count) return false;
    items.push(...(list as unknown[]));
    slice = [];
    count = 0;
    return true;
  };
  for (const line of body) {
    const item = ITEM.exec(line);
    if (item !== null && item[1] === indent) {
      if (count === ITEMS_PER_CHUNK && !flush()) return FAILED;
      count++;
    } else if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      // Lines between items belong to the item above, more indented than its dash.
      if (count === 0 || !line.startsWith(`${indent} `)) return FAILED;
    }
    slice.push(line);
  }
  return flush() ? items : FAILED;
}
