#!/usr/bin/env node
// The `content-import` bin: runs beside (PostgreSQL) or instead of (PGlite) the service.
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
// The command answers no requests, so PGlite's worker thread (the service's default) would only
// add a second heap and copy every statement and result between threads. Unless told otherwise.
process.env.PGLITE_WORKER ??= 'false';

runContentCommand(IMPORT_PROGRAM, contentImport);
