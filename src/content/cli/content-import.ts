#!/usr/bin/env -S MALLOC_MMAP_THRESHOLD_=32768 node --max-semi-space-size=2
// The `content-import` bin: runs beside (PostgreSQL) or instead of (PGlite) the service.
// Node starts with young-generation semispaces of 2 MB instead of 16: the import allocates fast
// around a small live set, and the default nursery alone held ~60 MB of its peak (PGlite at
// 100,000 entries: 362 → 316 MB, the same rate; docs/content-import.md#memory). V8 sizes the
// nursery when the heap is made, so the flag cannot be set from here as the ones below are.
// MALLOC_MMAP_THRESHOLD_ (glibc; ignored elsewhere): blocks of 32 KB and more are mapped and
// given back when freed instead of staying in malloc's heap, which kept 30–40 MB of freed
// compiler and result buffers resident (PGlite at 20,000 entries: ~25 MB less at the peak, ~40
// in the steady state, for 10–14 % more CPU). Read by glibc at start, so it is set here too.
import 'reflect-metadata';
import { setFlagsFromString } from 'node:v8';
import { runContentCommand } from './command';
import { contentImport, IMPORT_PROGRAM } from './import.command';

// A large import allocates fast around a modest live set; with V8's default growth factor the
// heap grew to several times that set between full collections (docs/content-import.md, Large
// imports). V8 reads it at every full collection, so setting it here still applies. 60 %, not
// 30: with the live set bounded, the collections 30 % cost (~15 % of the CPU) bought no RSS
// the goal needs (100,000 entries: 251 MB against 238 MB).
setFlagsFromString('--heap-growing-percent=60');
// PGlite's 9 MB WebAssembly module compiled once by the optimising compiler, without V8's
// baseline code kept beside it: ~40 MB less resident, the same import rate (measured in
// alternating pairs), about a second more at start. Read when PGlite compiles, below.
setFlagsFromString('--no-liftoff');
// The command's own defaults, under `.env` and the environment (either can set them otherwise).
const IMPORT_DEFAULTS = {
  // The command answers no requests, so PGlite's worker thread (the service's default) would
  // only add a second heap and copy every statement and result between threads.
  PGLITE_WORKER: 'false',
  // PGlite keeps shared_buffers in its WASM heap, which never shrinks: the default 128 MB were
  // touched by the import's writes; the operating system's cache serves the reads instead.
  PGLITE_SHARED_BUFFERS_MB: '16',
  // A new database made in a child process: PGlite's initdb holds ~850 MB for seconds, which
  // would otherwise be this process's peak (docs/content-import.md#memory).
  PGLITE_INITDB_IN_CHILD: 'true',
};

runContentCommand(IMPORT_PROGRAM, contentImport, IMPORT_DEFAULTS);
