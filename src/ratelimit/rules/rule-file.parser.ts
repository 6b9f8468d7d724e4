import { RuleConfigError, type RuleDocument } from './document';
import { FileFailure, formatGo } from './yaml-v2/error-texts';
import { loadGenericTree } from './yaml-v2/generic-tree.loader';
import { goMapEntries } from './yaml-v2/go-map';
import { INT64_MAX, INT64_MIN } from './yaml-v2/go-scalar';
import type { MapNode, ScalarValue, TreeNode } from './yaml-v2/tree-node';
import { TypedDecoder } from './yaml-v2/typed-decoder';

/**
 * Reads one rule file the way the upstream Go service does (docs/ratelimit.md#rules steps 1-3): a
 * generic yaml.v2 parse, the recursive key validation, then the typed decode into the config
 * structs. Every failure is a RuleConfigError with upstream's exact text, `<name>: <reason>`.
 * Steps 1 and 3 are yaml.v2's own behaviour (yaml-v2/); step 2 is upstream's, so it stays here.
 */
export function parseRuleFile(name: string, text: string): RuleDocument {
  try {
    const root = loadGenericTree(text);
    validateKeys(root);
    return new TypedDecoder().decodeRoot(root);
  } catch (error) {
    if (error instanceof FileFailure) {
      throw new RuleConfigError(`${name}: ${error.message}`);
    }
    throw error;
  }
}

/** Key names accepted at any depth; upstream does not check where they appear. */
const VALID_KEYS: ReadonlySet<string> = new Set([
  'domain',
  'key',
  'value',
  'descriptors',
  'rate_limit',
  'unit',
  'requests_per_unit',
  'unlimited',
  'shadow_mode',
  'quota_mode',
  'name',
  'replaces',
  'detailed_metric',
  'value_to_metric',
  'share_threshold',
  'metadata',
  // This service's extensions (docs/algorithms.md): upstream refuses them as unknown keys, so no
  // file upstream accepts changes meaning.
  'rate_limits',
  'unit_multiplier',
  'algorithm',
  'burst',
]);

/** Step 2: upstream's validateYamlKeys over the generic map. */
function validateKeys(map: MapNode): void {
  for (const { key, value } of goMapEntries(map)) {
    if (typeof key.value !== 'string') {
      throw new FileFailure(`config error, key is not of type string: ${formatGo(key)}`);
    }
    if (!VALID_KEYS.has(key.value)) {
      throw new FileFailure(`config error, unknown key '${key.value}'`);
    }
    // Metadata is free-form and not validated.
    if (key.value !== 'metadata') validateValue(value);
  }
}

function validateValue(value: TreeNode): void {
  switch (value.kind) {
    case 'map':
      validateKeys(value);
      return;
    case 'seq':
      for (const item of value.items) {
        if (item.kind !== 'map') {
          throw new FileFailure(
            `config error, yaml file contains list of type other than map: ${formatGo(item)}`,
          );
        }
        validateKeys(item);
      }
      return;
    case 'scalar':
      // Go leaf types accepted upstream: string, int (int64 on 64-bit), bool and nil.
      if (!isGoLeaf(value.value)) throw new FileFailure('error checking config');
  }
}

function isGoLeaf(value: ScalarValue): boolean {
  if (typeof value === 'bigint') return value >= INT64_MIN && value <= INT64_MAX;
  return typeof value !== 'number';
}
