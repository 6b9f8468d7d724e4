import { ResolvedSettings } from './setting-definition';
import { SETTINGS_SCHEMA } from './settings.schema';

/**
 * The typed, validated settings: the only way code reads configuration. The abstract class is
 * the injection token; the interface with the same name gives it the schema's shape.
 */
/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   the class is only a token and declares no members the interface could conflict with */
export abstract class Settings {}
export interface Settings extends ResolvedSettings<typeof SETTINGS_SCHEMA> {}

/** Boot fails with this; each problem names the variable and the allowed values. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}
