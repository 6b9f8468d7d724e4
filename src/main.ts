import { setFlagsFromString } from 'node:v8';

// These flags are set before anything else is loaded: the service's modules are imported below,
// after them (a static import would load the whole module graph first).

// V8 otherwise moves allocation sites whose objects survived the boot's long-lived work (module
// graph, content model, schemas) to allocating in the old generation, and when a site the request
// path shares is among them, every gRPC call and /json request leaves garbage there that only a
// full collection frees: the default process spent a third of its CPU per call on that
// (docs/benchmarks.md, 2026-11-28 /json and three descriptors).
setFlagsFromString('--no-allocation-site-pretenuring');

// The boot's objects mostly live on (modules, metadata, schemas), and V8 grows the young
// generation for them from 1 MB to 16 MB semi-spaces, whose pages then stay resident in an idle
// process (13 MB of a `MODULES=ratelimit` process's 99). Not grown while booting; once serving,
// it grows again as the requests' garbage needs (docs/benchmarks.md, eleventh session).
const YOUNG_GENERATION_GROWTH = 2;
setFlagsFromString('--semi-space-growth-factor=1');

import('./service')
  .then(({ runService }) => runService())
  .then(() => setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GENERATION_GROWTH}`))
  .catch((error: unknown) => {
    console.error('failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
