import 'reflect-metadata';
import { SettingsError } from './settings/settings';
import { LoadedSettings, SettingsModule } from './settings/settings.module';
import { holdYoungGenerationWhileBooting } from './young-generation';

/**
 * Reads the settings, builds the application and starts its listeners (`main.ts` runs it). The
 * application's modules are imported only once the settings are read, so that what the settings
 * decide about the heap applies to loading them too.
 */
export async function runService(): Promise<void> {
  let loaded: LoadedSettings;
  try {
    loaded = await SettingsModule.forRoot({
      warn: (message) => console.warn(`warning: ${message}`),
    });
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const release = holdYoungGenerationWhileBooting(loaded.settings);
  const { createApp, startApp } = await import('./app.factory');
  const app = await createApp(loaded);
  await startApp(app, loaded.settings);
  release();
}
