import { Algorithm } from '../rules/algorithm';
import { UNIT_SECONDS } from '../rules/rate-limit-unit';
import { AppliedRule, DomainRules, RateLimitRule } from '../rules/tree';
import { RuleStatsFactory } from '../stats/rule-stats';
import { RateLimitRequest, RequestDescriptor } from './rate-limit.model';

export const UNLIMITED_RULE: unique symbol = Symbol('unlimited');
/** What a descriptor turned into after matching: no rule, unlimited, or a rule to count. */
export type Resolution = AppliedRule | typeof UNLIMITED_RULE | undefined;

/**
 * The rule of every descriptor of a request (docs/ratelimit.md#rules: GetLimit, request overrides,
 * `replaces`).
 */
export class RuleResolver {
  constructor(private readonly ruleStats: RuleStatsFactory) {}

  /** GetLimit for every descriptor, then drop rules another matched rule `replaces`. */
  resolve(domain: DomainRules | undefined, request: RateLimitRequest): Resolution[] {
    const { descriptors } = request;
    const resolutions = new Array<Resolution>(descriptors.length);
    if (domain === undefined) {
      this.ruleStats.domainNotFound(request.domain).add(descriptors.length);
      return resolutions;
    }
    let replaced: Set<string> | undefined;
    for (let i = 0; i < descriptors.length; i++) {
      const descriptor = descriptors[i];
      const applied = descriptor.limit
        ? this.overrideRule(request.domain, descriptor)
        : domain.match(descriptor.entries);
      if (applied === undefined) continue;
      const { rule } = applied;
      for (const limit of rule.limits ?? [rule]) {
        if (limit.replaces.length === 0) continue;
        replaced ??= new Set();
        for (const name of limit.replaces) replaced.add(name);
      }
      resolutions[i] = rule.unlimited ? UNLIMITED_RULE : applied;
    }
    if (replaced !== undefined) {
      for (let i = 0; i < resolutions.length; i++) {
        const applied = resolutions[i];
        if (applied === undefined || applied === UNLIMITED_RULE) continue;
        const { rule } = applied;
        // A rule goes when any of its limits' names is replaced.
        if ((rule.limits ?? [rule]).some((l) => l.name !== '' && replaced.has(l.name))) {
          resolutions[i] = undefined;
        }
      }
    }
    return resolutions;
  }

  /**
   * A request override replaces matching entirely; its stats key carries every value
   * (docs/ratelimit.md#rules).
   */
  private overrideRule(domain: string, descriptor: RequestDescriptor): AppliedRule {
    let statsKey = domain;
    for (const { key, value } of descriptor.entries) {
      statsKey += value === '' ? '.' + key : '.' + key + '_' + value;
    }
    const { requestsPerUnit, unit } = descriptor.limit!;
    const rule: RateLimitRule = {
      requestsPerUnit,
      unit,
      unlimited: false,
      name: '',
      replaces: [],
      shadowMode: false,
      quotaMode: false,
      fullKey: statsKey,
      metadata: null,
      windowSeconds: UNIT_SECONDS[unit],
      unitMultiplier: 1,
      algorithm: Algorithm.FIXED_WINDOW,
      burst: requestsPerUnit,
      limits: undefined,
      label: `${descriptor.entries[descriptor.entries.length - 1]?.key ?? 'limit'}_0`,
    };
    return {
      rule,
      stats: this.ruleStats.forKey(statsKey, domain),
      sharedValues: undefined,
      limitStats: undefined,
    };
  }
}

/** The hits a descriptor adds: its own hits_addend, else the request's (at least 1). */
export function hitsOf(request: RateLimitRequest, index: number): number {
  const own = request.descriptors[index].hitsAddend;
  return own !== undefined ? own : Math.max(1, request.hitsAddend);
}
