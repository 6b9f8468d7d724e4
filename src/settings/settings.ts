import { ResolvedSettings } from './setting-definition';
import { SETTINGS_SCHEMA } from './schema/settings.schema';

/**
 * The typed, validated settings: the only way code reads configuration. The abstract class is
 * the injection token; the interface with the same name gives it the schema's shape.
 */
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging --
   the class is only a token and declares no members the interface could conflict with */
export abstract class Settings {}
export interface Settings extends ResolvedSettings<typeof SETTINGS_SCHEMA> {
  /** Read only when the DogStatsD sink is in use; empty otherwise. */
  readonly dogStatsdMogrifiers: readonly DogStatsdMogrifierSetting[];
}
/* eslint-enable @typescript-eslint/no-unsafe-declaration-merging */

/**
 * One DogStatsD mogrifier (docs/observability.md#dogstatsd-use_dog_statsdtrue), from
 * `DOG_STATSD_MOGRIFIER_<NAME>_{PATTERN,NAME,TAGS}`. Those variable names depend on the value of
 * USE_DOG_STATSD_MOGRIFIERS, so they cannot be schema entries; the loader reads and checks them
 * with the rest and reports problems the same way.
 */
export interface DogStatsdMogrifierSetting {
  /** The name listed in USE_DOG_STATSD_MOGRIFIERS. */
  readonly id: string;
  /** A regular expression source, checked to compile. */
  readonly pattern: string;
  /** The new metric name; `$0`, `$1`... are the match and its groups. */
  readonly metricName: string;
  /** Tag name → value template, in the order given. */
  readonly tags: Readonly<Record<string, string>>;
}

/** Boot fails with this; each problem names the variable and the allowed values. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}
