#!/usr/bin/env node
// The `content-persisted-queries` bin: edits the allow-list directory beside a running service.
import 'reflect-metadata';
import { runContentCommand } from './command';
import { contentPersistedQueries, PERSISTED_QUERIES_PROGRAM } from './persisted-queries.command';

runContentCommand(PERSISTED_QUERIES_PROGRAM, contentPersistedQueries);
