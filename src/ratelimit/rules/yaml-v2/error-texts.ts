import { formatGoFloat } from '../go-float';
import { goMapEntries } from './go-map';
import type { TreeNode } from './tree-node';

/** Go type names as yaml.v2 prints them in "cannot unmarshal" errors. */
export const GO_TYPE = {
  genericMap: 'map[interface {}]interface {}',
  string: 'string',
  uint32: 'uint32',
  bool: 'bool',
  descriptorList: '[]config.YamlDescriptor',
  descriptor: 'config.YamlDescriptor',
  rateLimit: 'config.YamlRateLimit',
  rateLimitList: '[]config.YamlRateLimit',
  int: 'int',
  replacesList: '[]config.yamlReplaces',
  replaces: 'config.yamlReplaces',
  metadata: 'map[string]interface {}',
} as const;

/** A failure reason without the file name; parseRuleFile adds the `<name>: ` prefix. */
export class FileFailure extends Error {}

export function yamlFailure(detail: string): FileFailure {
  return new FileFailure(`error loading config file: yaml: ${detail}`);
}

export function unmarshalFailure(lines: readonly string[]): FileFailure {
  return yamlFailure(`unmarshal errors:${lines.map((line) => `\n  ${line}`).join('')}`);
}

/** One yaml.v2 type error line; scalar values longer than 10 bytes are cut to 7 and "...". */
export function mismatchText(node: TreeNode, goType: string): string {
  let what: string;
  if (node.kind === 'scalar') {
    const bytes = Buffer.from(node.text, 'utf8');
    const shown = bytes.length > 10 ? `${bytes.subarray(0, 7).toString('utf8')}...` : node.text;
    what = `${node.tag} \`${shown}\``;
  } else {
    what = node.kind === 'map' ? '!!map' : '!!seq';
  }
  return `line ${node.line}: cannot unmarshal ${what} into ${goType}`;
}

/** Go's %v for a generic value: `<nil>`, `[a b]`, `map[k:v]` (keys sorted), floats like %g. */
export function formatGo(node: TreeNode): string {
  switch (node.kind) {
    case 'seq':
      return `[${node.items.map(formatGo).join(' ')}]`;
    case 'map': {
      const entries = goMapEntries(node).map(({ key, value }) => [formatGo(key), formatGo(value)]);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `map[${entries.map(([key, value]) => `${key}:${value}`).join(' ')}]`;
    }
    case 'scalar':
      if (node.value === null) return '<nil>';
      return typeof node.value === 'number' ? formatGoFloat(node.value) : String(node.value);
  }
}
