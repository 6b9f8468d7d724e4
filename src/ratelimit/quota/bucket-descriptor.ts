import type { DomainRules, Entry, RuleNode } from '../rules/tree';

/**
 * The descriptor an RLQS bucket stands for. A `BucketId` is an unordered map, a descriptor an
 * ordered list that the domain's rule tree is walked with, so the walk picks the order: at each
 * level the bucket key whose `key_value` node exists, else one whose value a wildcard matches,
 * else one with a key-only node (keys tried in sorted order, as matching prefers them). The
 * descriptor ends at the deepest node with a rule; keys the rules never name are left out, so
 * buckets that differ only in them share the rule's counter. No rule on the way: no entries.
 */
export function bucketEntries(
  domain: DomainRules | undefined,
  bucket: Readonly<Record<string, string>>,
): Entry[] {
  if (domain === undefined) return [];
  const remaining = new Map(
    Object.entries(bucket).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const walked: Entry[] = [];
  let ruled = 0;
  let children = domain.children;
  let wildcards = domain.wildcards;
  while (remaining.size > 0) {
    const step = nextStep(children, wildcards, remaining);
    if (step === undefined) break;
    walked.push({ key: step.key, value: remaining.get(step.key)! });
    remaining.delete(step.key);
    if (step.node.rule !== undefined) ruled = walked.length;
    children = step.node.children;
    wildcards = step.node.wildcards;
  }
  return walked.slice(0, ruled);
}

function nextStep(
  children: ReadonlyMap<string, RuleNode>,
  wildcards: readonly RuleNode[],
  remaining: ReadonlyMap<string, string>,
): { key: string; node: RuleNode } | undefined {
  for (const [key, value] of remaining) {
    const node = children.get(`${key}_${value}`);
    if (node !== undefined) return { key, node };
  }
  for (const [key, value] of remaining) {
    const node = wildcards.find((w) => w.key === key && w.pattern!.matches(`${key}_${value}`));
    if (node !== undefined) return { key, node };
  }
  for (const key of remaining.keys()) {
    const node = children.get(key);
    if (node !== undefined) return { key, node };
  }
  return undefined;
}
