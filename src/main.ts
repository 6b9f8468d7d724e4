import { setFlagsFromString } from 'node:v8';

// Set before anything else is loaded: every other module is imported below, after it (a static
// import would load the whole module graph first). V8 otherwise moves allocation sites whose
// objects survived the boot's long-lived work (module graph, content model, schemas) to
// allocating in the old generation, and when a site the request path shares is among them, every
// gRPC call and /json request leaves garbage there that only a full collection frees: the default
// process spent a third of its CPU per call on that (docs/benchmarks.md, 2026-11-28 /json and
// three descriptors).
setFlagsFromString('--no-allocation-site-pretenuring');

import('./service')
  .then(({ runService }) => runService())
  .catch((error: unknown) => {
    console.error('failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
