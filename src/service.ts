import 'reflect-metadata';
import { createApp, startApp } from './app.factory';
import { SettingsError } from './settings/settings';
import { LoadedSettings, SettingsModule } from './settings/settings.module';

/** Reads the settings, builds the application and starts its listeners (`main.ts` runs it). */
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
  const app = await createApp(loaded);
  await startApp(app, loaded.settings);
}
