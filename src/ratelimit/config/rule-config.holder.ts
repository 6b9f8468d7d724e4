import { Injectable } from '@nestjs/common';
import { RuleSet } from '../rules/tree';

/**
 * The rule set in force. Readers take one reference per request, so a reload swaps the whole set
 * atomically and in-flight decisions finish on the set they started with.
 */
@Injectable()
export class RuleConfigHolder {
  private ruleSet: RuleSet | undefined;
  private readonly listeners: ((next: RuleSet) => void)[] = [];

  get current(): RuleSet | undefined {
    return this.ruleSet;
  }

  replace(next: RuleSet): void {
    this.ruleSet = next;
    for (const listener of this.listeners) listener(next);
  }

  /** Called after each swap (the quota streams re-assign their buckets at once). */
  onReplace(listener: (next: RuleSet) => void): void {
    this.listeners.push(listener);
  }
}
