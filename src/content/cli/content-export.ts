#!/usr/bin/env node
// The `content-export` bin: runs beside (PostgreSQL) or instead of (PGlite) the service.
import 'reflect-metadata';
import { runContentCommand } from './command';
import { contentExport, EXPORT_PROGRAM } from './export.command';

runContentCommand(EXPORT_PROGRAM, contentExport);
