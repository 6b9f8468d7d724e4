import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../infra/clock/clock';
import { Settings } from '../../settings/settings';
import { RuleConfigHolder } from '../config/rule-config.holder';
import { RateLimitRule, RuleNode, RuleSet } from '../rules/tree';
import { RuleStats } from '../stats/rule-stats';
import { CallerAccounting, TopCallers } from './caller-accounting';
import { RuleTraffic, TrafficSeries } from './traffic-rings';

/** Every rule of a set with its statistics, tree order. */
export function rulesOf(ruleSet: RuleSet): { rule: RateLimitRule; stats: RuleStats }[] {
  const found: { rule: RateLimitRule; stats: RuleStats }[] = [];
  const visit = (nodes: Iterable<RuleNode>) => {
    for (const node of nodes) {
      if (node.rule !== undefined && node.staticApplied !== undefined) {
        found.push({ rule: node.rule, stats: node.staticApplied.stats });
      }
      visit(new Set([...node.children.values(), ...node.wildcards]));
    }
  };
  for (const domain of ruleSet.allDomains()) {
    visit(new Set([...domain.children.values(), ...domain.wildcards]));
  }
  return found;
}

export interface RuleTrafficView {
  readonly rule: string;
  readonly perSecond: TrafficSeries;
  readonly perMinute: TrafficSeries;
}

/**
 * The console's accounting (DEBUG_CONSOLE_ACCOUNTING): top callers fed by the decision path, and
 * per-rule traffic sampled from the rule statistics once a second. Off: nothing is made, no timer
 * runs, and the limiter gets no observer.
 */
@Injectable()
export class ConsoleAccounting implements OnApplicationShutdown {
  readonly callers: CallerAccounting | undefined;
  private traffic = new Map<string, RuleTraffic>();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    settings: Settings,
    holder: RuleConfigHolder,
    private readonly clock: Clock,
  ) {
    const { consoleAccounting, consoleTopK, consoleTopWindow } = settings.debug;
    if (!consoleAccounting) return;
    this.callers = new CallerAccounting(consoleTopK, Math.max(1000, consoleTopWindow));
    holder.onReplace((next) => this.load(next));
    if (holder.current !== undefined) this.load(holder.current);
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  get enabled(): boolean {
    return this.callers !== undefined;
  }

  top(ruleKey: string): TopCallers | undefined {
    return this.callers?.top(ruleKey, this.clock.nowMs());
  }

  /** Every rule's traffic, or one rule's. */
  trafficOf(ruleKey?: string): RuleTrafficView[] {
    const nowSecond = Math.floor(this.clock.nowMs() / 1000);
    const views: RuleTrafficView[] = [];
    for (const [rule, traffic] of this.traffic) {
      if (ruleKey !== undefined && rule !== ruleKey) continue;
      views.push({ rule, ...traffic.view(nowSecond) });
    }
    return views;
  }

  /** Rules a reload removed stop being sampled; those kept keep their history. */
  private load(ruleSet: RuleSet): void {
    const rules = rulesOf(ruleSet);
    this.callers?.load(rules.map(({ rule }) => rule));
    const traffic = new Map<string, RuleTraffic>();
    for (const { rule, stats } of rules) {
      if (traffic.has(rule.fullKey)) continue;
      const known = this.traffic.get(rule.fullKey);
      known?.follow(stats);
      traffic.set(rule.fullKey, known ?? new RuleTraffic(stats));
    }
    this.traffic = traffic;
  }

  private sample(): void {
    const nowSecond = Math.floor(this.clock.nowMs() / 1000);
    for (const traffic of this.traffic.values()) traffic.sample(nowSecond);
  }

  onApplicationShutdown(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
  }
}
