#!/usr/bin/env node
// The `ratelimit-client` bin. Plain Node on purpose: booting Nest would read the service's settings
// and open listeners; the client only needs grpc-js and the protos.
import { runAsProcess } from './cli-runtime';
import { CLIENT_PROGRAM, rateLimitClient } from './client.command';

runAsProcess(CLIENT_PROGRAM, (argv, output) => rateLimitClient(argv, output));
