import { DynamicModule, Global, Module } from '@nestjs/common';
import { resolve } from 'node:path';
import { readEnvFile } from './env-file';
import { Settings } from './settings';
import { loadSettings } from './settings.loader';

/** Where the settings come from. */
export interface SettingsSource {
  /**
   * The environment; `process.env` when absent. Commands pass theirs (tests run them in-process
   * with an environment of their own).
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The dotenv file under the environment: `./.env` when absent, none when false. */
  readonly envFile?: string | false;
  /** A command's own defaults, under the file and the environment (content-import's PGlite). */
  readonly defaults?: Readonly<Record<string, string>>;
  /** Where warnings go (a product name and its upstream alias both set, ...). */
  readonly warn?: (message: string) => void;
}

/** The validated settings, and the module that provides them to the application. */
export interface LoadedSettings {
  /** For the composition root, which needs them before the module graph exists (MODULES, listeners). */
  readonly settings: Settings;
  readonly module: DynamicModule;
}

/**
 * Where settings enter: the environment over a `.env` file in the working directory when there is
 * one (a variable set in the environment, even empty, wins over the file), validated by our
 * schema. An invalid value throws SettingsError naming every bad variable and its allowed values,
 * before any module exists. The typed `Settings` provider is the only way code reads them; the
 * file's variables are not copied into process.env, so nothing can read one around the schema.
 */
@Global()
@Module({})
export class SettingsModule {
  // Async as callers expect: a bad file or value rejects rather than throwing where it is called.
  // eslint-disable-next-line @typescript-eslint/require-await
  static async forRoot(source: SettingsSource = {}): Promise<LoadedSettings> {
    const file = source.envFile === false ? {} : readEnvFile(source.envFile ?? resolve('.env'));
    const settings = loadSettings(
      { ...source.defaults, ...file, ...(source.env ?? process.env) },
      source.warn,
    );
    return {
      settings,
      module: {
        module: SettingsModule,
        providers: [{ provide: Settings, useValue: settings }],
        exports: [Settings],
      },
    };
  }
}
