/**
 * What other domains' fixtures need to run a real rate limiter with rules from YAML text
 * (src/api-guard/api-guard.fixtures.ts); not for service code (eslint.config.mjs `boundary`).
 */
export { RuleConfigHolder } from './config/rule-config.holder';
export { compileRules } from './rules/compiler';
export { parseRuleFile } from './rules/rule-file.parser';
export { RuleStatsFactory } from './stats/rule-stats';
export { ServiceStats } from './stats/service-stats';
