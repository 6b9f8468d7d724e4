#!/usr/bin/env node
// The `ratelimit-config-check` bin. Plain Node on purpose: booting Nest would read the service's
// settings and open listeners, and a check must work on any machine with just the rule files.
import { runAsProcess } from './cli-runtime';
import { CONFIG_CHECK_PROGRAM, configCheck } from './config-check.command';

runAsProcess(CONFIG_CHECK_PROGRAM, configCheck);
