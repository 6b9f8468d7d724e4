import { RuleConfigError, type RateLimitDocument, type RuleDescriptorDocument } from './document';
import { parseRuleFile } from './rule-file.parser';

// Shared by the specs of parseRuleFile and of its yaml-v2/ parts (tested through it).

/** The RuleConfigError message thrown for `text`; fails the test when nothing (or else) is thrown. */
export function failureOf(name: string, text: string): string {
  let thrown: unknown;
  try {
    parseRuleFile(name, text);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RuleConfigError);
  return (thrown as RuleConfigError).message;
}

export function lines(...rows: string[]): string {
  return `${rows.join('\n')}\n`;
}

export function descriptor(fields: Partial<RuleDescriptorDocument>): RuleDescriptorDocument {
  return {
    key: '',
    value: '',
    rateLimit: null,
    rateLimits: null,
    descriptors: [],
    shadowMode: false,
    quotaMode: false,
    detailedMetric: false,
    valueToMetric: false,
    shareThreshold: false,
    metadata: null,
    ...fields,
  };
}

export function limit(
  unit: string,
  requestsPerUnit: number,
  extra: Partial<RateLimitDocument> = {},
): RateLimitDocument {
  return {
    unit,
    requestsPerUnit,
    unlimited: false,
    name: '',
    replaces: [],
    unitMultiplier: undefined,
    algorithm: '',
    burst: undefined,
    ...extra,
  };
}
