import 'reflect-metadata';
import { createApp, startApp } from './app.factory';
import { SettingsError } from './settings/settings';
import { LoadedSettings, SettingsModule } from './settings/settings.module';

async function main(): Promise<void> {
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

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
