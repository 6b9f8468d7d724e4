import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { createApp, startApp } from './app.factory';
import { SettingsError } from './settings/settings';
import { LoadedSettings, SettingsModule } from './settings/settings.module';

// Before the boot runs: V8 otherwise moves allocation sites whose objects survived the
// boot's long-lived work (module graph, content model, schemas) to allocating in the old
// generation, and when a site the request path shares is among them, every gRPC call and /json
// request leaves garbage there that only a full collection frees: the default process spent a
// third of its CPU per call on that (docs/benchmarks.md, 2026-11-28 /json and three descriptors).
setFlagsFromString('--no-allocation-site-pretenuring');

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
