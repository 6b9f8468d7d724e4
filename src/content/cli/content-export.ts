#!/usr/bin/env node
// The `content-export` bin: runs beside (PostgreSQL) or instead of (PGlite) the service.
import 'reflect-metadata';
import { runContentCommand } from './content-command';
import { contentExport, EXPORT_PROGRAM } from './content-export.command';

runContentCommand(EXPORT_PROGRAM, contentExport);
