import 'reflect-metadata';
import { createApp, startApp } from './app.factory';
import { loadEnvFile } from './settings/env-file';
import { loadSettings } from './settings/settings.loader';
import { Settings, SettingsError } from './settings/settings';

async function main(): Promise<void> {
  let settings: Settings;
  try {
    loadEnvFile(process.env); // ./.env when present; real environment variables win
    settings = loadSettings(process.env, (message) => console.warn(`warning: ${message}`));
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const app = await createApp(settings);
  await startApp(app, settings);
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
