import { ResolvedSettings } from './setting-definition';
import { SETTINGS_SCHEMA } from './settings.schema';

/**
 * The typed, validated settings: the only way code reads configuration. The abstract class is
 * the injection token; the interface with the same name gives it the schema's shape.
 */
export abstract class Settings {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface Settings extends ResolvedSettings<typeof SETTINGS_SCHEMA> {}

/** Boot fails with this; each problem names the variable and the allowed values. */
export class SettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}
