import { algorithmName } from '../rules/algorithm';
import { Unit } from '../rules/rate-limit-unit';
import { RateLimitRule, RuleNode, RuleSet } from '../rules/tree';

export interface LimitView {
  readonly label: string;
  readonly name: string;
  readonly unit: string;
  readonly unitMultiplier: number;
  readonly requestsPerUnit: number;
  readonly algorithm: string;
  readonly burst: number;
  readonly unlimited: boolean;
  readonly shadowMode: boolean;
  readonly quotaMode: boolean;
}

export interface NodeView {
  readonly key: string;
  readonly value: string;
  /** The rule's stats key (`<domain>.<key>_<value>...`) when the node has a rule. */
  readonly rule: string | null;
  readonly limits: readonly LimitView[];
  readonly children: readonly NodeView[];
}

export interface DomainView {
  readonly domain: string;
  readonly descriptors: readonly NodeView[];
}

function limitView(limit: RateLimitRule): LimitView {
  return {
    label: limit.label,
    name: limit.name,
    unit: limit.unlimited ? 'UNKNOWN' : Unit[limit.unit],
    unitMultiplier: limit.unitMultiplier,
    requestsPerUnit: limit.requestsPerUnit,
    algorithm: algorithmName(limit.algorithm),
    burst: limit.burst,
    unlimited: limit.unlimited,
    shadowMode: limit.shadowMode,
    quotaMode: limit.quotaMode,
  };
}

/** Exact children first, then wildcards in file order (the order matching tries them). */
function nodesOf(children: ReadonlyMap<string, RuleNode>, wildcards: readonly RuleNode[]) {
  const seen = new Set<RuleNode>();
  const nodes: RuleNode[] = [];
  for (const node of [...children.values(), ...wildcards]) {
    if (seen.has(node)) continue;
    seen.add(node);
    nodes.push(node);
  }
  return nodes;
}

function nodeView(node: RuleNode): NodeView {
  const rule = node.rule;
  return {
    key: node.key,
    value: node.value,
    rule: rule?.fullKey ?? null,
    limits: rule === undefined ? [] : (rule.limits ?? [rule]).map(limitView),
    children: nodesOf(node.children, node.wildcards).map(nodeView),
  };
}

/** Every domain's descriptor tree as loaded. */
export function ruleTree(ruleSet: RuleSet | undefined): DomainView[] {
  return (ruleSet?.allDomains() ?? []).map((domain) => ({
    domain: domain.domain,
    descriptors: nodesOf(domain.children, domain.wildcards).map(nodeView),
  }));
}

/** Every rule with a limit, as `[domain, rule key]` (the traffic and top-caller pickers). */
export function ruleKeys(ruleSet: RuleSet | undefined): string[] {
  const keys: string[] = [];
  const visit = (nodes: readonly NodeView[]) => {
    for (const node of nodes) {
      if (node.rule !== null) keys.push(node.rule);
      visit(node.children);
    }
  };
  for (const domain of ruleTree(ruleSet)) visit(domain.descriptors);
  return keys;
}
