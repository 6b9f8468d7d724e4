import { DecisionObserver } from '../limiter/decision-observer';
import { Entry, RateLimitRule } from '../rules/tree';
import { HeavyHitter, mergeHitters, SpaceSaving } from './space-saving';

/** One rule's sketches: by hits and by over-limit hits, this window and the one before. */
class RuleCallers {
  hits: SpaceSaving;
  over: SpaceSaving;
  previousHits: SpaceSaving;
  previousOver: SpaceSaving;
  rotateAtMs = 0;
  /**
   * The descriptor's keys: the same for every descriptor the rule matches (matching compares
   * them level by level), so the sketches hold only the values.
   */
  keyNames: readonly string[] | undefined;

  constructor(k: number) {
    this.hits = new SpaceSaving(k);
    this.over = new SpaceSaving(k);
    this.previousHits = new SpaceSaving(k);
    this.previousOver = new SpaceSaving(k);
  }

  /** The current window becomes the previous one; the old previous is cleared and reused. */
  rotate(nowMs: number, windowMs: number): void {
    const hits = this.previousHits;
    const over = this.previousOver;
    // A gap of two windows or more leaves nothing recent.
    const stale = nowMs >= this.rotateAtMs + windowMs;
    this.previousHits = this.hits;
    this.previousOver = this.over;
    hits.clear();
    over.clear();
    this.hits = hits;
    this.over = over;
    if (stale) {
      this.previousHits.clear();
      this.previousOver.clear();
    }
    this.rotateAtMs = nowMs - (nowMs % windowMs) + windowMs;
  }
}

export interface TopCallers {
  readonly rule: string;
  readonly k: number;
  readonly windowSeconds: number;
  /** Total hits (and over-limit hits) the sketches saw: the N of the error bound N/k. */
  readonly totalHits: number;
  readonly totalOverLimit: number;
  readonly byHits: readonly HeavyHitter[];
  readonly byOverLimit: readonly HeavyHitter[];
}

/**
 * The top callers of every configured rule, fed on the decision path: one sketch pair per rule,
 * made at load (request overrides have no rule of their own and are not counted), so memory is
 * bounded by the number of rules × 4 sketches × k. Per decision: one Map lookup by rule, the
 * descriptor's text (`k=v,k2=v2`) and two sketch updates at most.
 */
export class CallerAccounting extends DecisionObserver {
  private byRule = new Map<RateLimitRule, RuleCallers>();
  private byKey = new Map<string, RuleCallers>();

  constructor(
    private readonly k: number,
    private readonly windowMs: number,
  ) {
    super();
  }

  /** A new rule set: sketches for its rules, kept across the reload for rules of the same key. */
  load(rules: Iterable<RateLimitRule>): void {
    const byRule = new Map<RateLimitRule, RuleCallers>();
    const byKey = new Map<string, RuleCallers>();
    for (const rule of rules) {
      const callers =
        byKey.get(rule.fullKey) ?? this.byKey.get(rule.fullKey) ?? new RuleCallers(this.k);
      byKey.set(rule.fullKey, callers);
      byRule.set(rule, callers);
    }
    this.byRule = byRule;
    this.byKey = byKey;
  }

  observe(
    rule: RateLimitRule,
    entries: readonly Entry[],
    hits: number,
    overLimit: boolean,
    nowMs: number,
  ): void {
    const callers = this.byRule.get(rule);
    if (callers === undefined || hits <= 0) return;
    if (nowMs >= callers.rotateAtMs) callers.rotate(nowMs, this.windowMs);
    callers.keyNames ??= entries.map((entry) => entry.key);
    // One entry (the common case): the request's own string, nothing made.
    const key = entries.length === 1 ? entries[0].value : joinedValues(entries);
    callers.hits.add(key, hits);
    if (overLimit) callers.over.add(key, hits);
  }

  top(ruleKey: string, nowMs: number): TopCallers | undefined {
    const callers = this.byKey.get(ruleKey);
    if (callers === undefined) return undefined;
    if (nowMs >= callers.rotateAtMs) callers.rotate(nowMs, this.windowMs);
    return {
      rule: ruleKey,
      k: this.k,
      windowSeconds: this.windowMs / 1000,
      totalHits: callers.hits.total + callers.previousHits.total,
      totalOverLimit: callers.over.total + callers.previousOver.total,
      byHits: labelled(mergeHitters(callers.hits.top(), callers.previousHits.top()), callers),
      byOverLimit: labelled(mergeHitters(callers.over.top(), callers.previousOver.top()), callers),
    };
  }
}

const SEPARATOR = '\u001f';

function joinedValues(entries: readonly Entry[]): string {
  let text = entries[0].value;
  for (let i = 1; i < entries.length; i++) text += SEPARATOR + entries[i].value;
  return text;
}

/** Values back to `k=v,k2=v2`: what the Counters lookup takes, so a caller can be pasted there. */
function labelled(hitters: HeavyHitter[], callers: RuleCallers): HeavyHitter[] {
  const names = callers.keyNames ?? [];
  return hitters.map((hitter) => {
    const values = names.length === 1 ? [hitter.key] : hitter.key.split(SEPARATOR);
    return { ...hitter, key: names.map((name, i) => `${name}=${values[i] ?? ''}`).join(',') };
  });
}
