import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { resolve } from 'node:path';
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
  /** Where warnings go (a product name and its upstream alias both set, ...). */
  readonly warn?: (message: string) => void;
}

/** The validated settings, and the module that provides them to the application. */
export interface LoadedSettings {
  /** For the composition root, which needs them before the module graph exists (MODULES, listeners). */
  readonly settings: Settings;
  readonly module: DynamicModule;
}

/** The one entry of the ConfigService: the typed settings object. */
const SETTINGS_KEY = 'settings';

/**
 * Where settings enter: `ConfigModule` reads the environment and a `.env` file in the working
 * directory when there is one (a variable set in the environment, even empty, wins over the
 * file), and our schema is its validation step. An invalid value throws SettingsError naming every
 * bad variable and its allowed values, before any module exists. The typed `Settings` provider
 * is the only way code reads them; the ConfigService holds nothing else (not even process.env),
 * so nothing can read a variable around the schema.
 */
@Global()
@Module({})
export class SettingsModule {
  static async forRoot(source: SettingsSource = {}): Promise<LoadedSettings> {
    let settings: Settings | undefined;
    const config = await ConfigModule.forRoot({
      envFilePath: source.envFile === false ? [] : (source.envFile ?? resolve('.env')),
      ignoreEnvFile: source.envFile === false,
      // ConfigModule merges process.env over the file itself; a given environment is merged here.
      validatePredefined: source.env === undefined,
      skipProcessEnv: true,
      cache: true,
      validate: (variables) => {
        const env = source.env === undefined ? variables : { ...variables, ...source.env };
        settings = loadSettings(env as Record<string, string | undefined>, source.warn);
        return { [SETTINGS_KEY]: settings };
      },
    });
    if (settings === undefined) throw new Error('ConfigModule did not run the settings validation');
    return {
      settings,
      module: {
        module: SettingsModule,
        imports: [config],
        providers: [
          {
            provide: Settings,
            useFactory: (configService: ConfigService) =>
              configService.getOrThrow<Settings>(SETTINGS_KEY),
            inject: [ConfigService],
          },
        ],
        exports: [Settings],
      },
    };
  }
}
