#!/usr/bin/env node
// The `content-import` bin: runs beside (PostgreSQL) or instead of (PGlite) the service.
import 'reflect-metadata';
import { runContentCommand } from './command';
import { contentImport, IMPORT_PROGRAM } from './import.command';

runContentCommand(IMPORT_PROGRAM, contentImport);
