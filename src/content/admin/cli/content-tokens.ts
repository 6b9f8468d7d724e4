#!/usr/bin/env node
// The `content-tokens` bin: runs beside (PostgreSQL) or instead of (PGlite) the service.
import 'reflect-metadata';
import { runContentCommand } from '../../cli/command';
import { contentTokens, TOKENS_PROGRAM } from './content-tokens.command';

runContentCommand(TOKENS_PROGRAM, contentTokens);
