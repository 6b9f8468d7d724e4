import type { Provider } from '@nestjs/common';
import { assetSources } from './asset-sources';
import { PlaygroundAssets } from './playground-assets';
import { PlaygroundPages } from './playground-pages';
import { PlaygroundRoute } from './playground.route';

/** Providers of the GraphiQL playground and the control panel; registered by content.module.ts. */
export const PLAYGROUND_PROVIDERS: Provider[] = [
  { provide: PlaygroundAssets, useFactory: () => new PlaygroundAssets(assetSources) },
  PlaygroundPages,
  PlaygroundRoute,
];
