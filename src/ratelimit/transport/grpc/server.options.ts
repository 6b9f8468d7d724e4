import { ChannelOptions } from '@grpc/grpc-js';
import { join } from 'node:path';
import { INestApplicationContext } from '@nestjs/common';
import { GrpcOptions, Transport } from '@nestjs/microservices';
import { Settings } from '../../../settings/settings';
import { callDeadlinesInterceptor, withCallDeadlines } from './call-deadlines';
import { RateLimitGrpcServer } from './rate-limit-grpc.server';
import { RateLimitGrpcHandler } from './rate-limit.grpc-handler';
import { RateLimitQuotaService } from '../../quota/rate-limit-quota.service';
import { grpcServerCredentials } from './tls/grpc-server-credentials';

export const PROTO_ROOT = join(__dirname, '..', '..', '..', '..', 'proto');

/**
 * Nest gRPC transport options: the rate limit and health services on GRPC_HOST:GRPC_PORT or
 * GRPC_UDS, with the TLS credentials of ./tls. Throws when the TLS files are unusable: the boot
 * stops there.
 */
export function grpcServerOptions(settings: Settings): GrpcOptions {
  const { grpc } = settings;
  return {
    transport: Transport.GRPC,
    options: {
      url: grpc.uds !== '' ? `unix://${grpc.uds}` : `${grpc.host}:${grpc.port}`,
      package: ['envoy.service.ratelimit.v3', 'grpc.health.v1'],
      protoPath: ['envoy/service/ratelimit/v3/rls.proto', 'grpc/health/v1/health.proto'],
      loader: {
        includeDirs: [PROTO_ROOT],
        keepCase: false,
        longs: Number,
        enums: Number,
        defaults: true,
        oneofs: false,
      },
      gracefulShutdown: true,
      credentials: withCallDeadlines(
        grpcServerCredentials(settings),
        callDeadlinesInterceptor(
          Math.min(grpc.requestTimeout, MAX_TIMER_MS),
          Math.min(grpc.callTimeout, MAX_TIMER_MS),
        ),
      ),
      channelOptions: {
        ...connectionAgeOptions(grpc.maxConnectionAge, grpc.maxConnectionAgeGrace),
        ...streamLimitOptions(grpc),
        // Channelz bookkeeping ran on every call (8 % of the CPU under load) for a debug service
        // nobody serves here.
        'grpc.enable_channelz': 0,
      },
    },
  };
}

/**
 * The gRPC transport as the service runs it: Nest's, with ShouldRateLimit handled directly
 * (RateLimitGrpcServer). Called once the application's providers exist.
 */
export function rateLimitGrpcStrategy(
  app: INestApplicationContext,
  settings: Settings,
): { strategy: RateLimitGrpcServer } {
  const { options } = grpcServerOptions(settings);
  const quota = app.get(RateLimitQuotaService);
  return {
    strategy: new RateLimitGrpcServer(options, app.get(RateLimitGrpcHandler).handle, quota),
  };
}

/**
 * Limits on what one client can hold open (docs/security.md#one-anonymous-client-against-the-shared-event-loop-issue-29): streams per connection (grpc-js
 * advertised 2^32-1), keepalive pings that
 * find dead peers, and GOAWAY for connections left idle (the call deadlines are interceptors
 * of the credentials: call-deadlines.ts). Durations of 0 leave an option out
 * (grpc-js's default: none); durations past a timer's range are capped.
 */
export function streamLimitOptions(grpc: Settings['grpc']): ChannelOptions {
  const options: ChannelOptions = { 'grpc.max_concurrent_streams': grpc.maxConcurrentStreams };
  if (grpc.keepaliveTime > 0) {
    options['grpc.keepalive_time_ms'] = Math.min(grpc.keepaliveTime, MAX_TIMER_MS);
    options['grpc.keepalive_timeout_ms'] = Math.min(grpc.keepaliveTimeout, MAX_TIMER_MS);
  }
  if (grpc.maxConnectionIdle > 0) {
    options['grpc.max_connection_idle_ms'] = Math.min(grpc.maxConnectionIdle, MAX_TIMER_MS);
  }
  return options;
}

/** Node timers hold 32-bit signed milliseconds: a longer delay fires after 1 ms instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** grpc-js adds up to +10% jitter to the age, and the sum must still fit a timer. */
export const MAX_CONNECTION_AGE_MS = Math.floor(MAX_TIMER_MS / 1.1);

/**
 * GRPC_MAX_CONNECTION_AGE / _GRACE as grpc-js channel options. grpc-js (server.js, session
 * handler) already spreads the age by a random ±10%, as grpc-go does, then sends GOAWAY, and
 * destroys the connection the grace period later. Differences handled here:
 * - 0 (or negative) means "no limit" in grpc-go; grpc-js would take it literally (GOAWAY at once,
 *   or in-flight calls cut at once), so the option is left out.
 * - Ages past ~22.6 days would overflow the timer (and fire at once): capped. A grace past
 *   ~24.8 days is as good as unlimited: left out.
 */
export function connectionAgeOptions(maxAgeMs: number, graceMs: number): ChannelOptions {
  if (maxAgeMs <= 0) return {};
  const options: ChannelOptions = {
    'grpc.max_connection_age_ms': Math.min(Math.ceil(maxAgeMs), MAX_CONNECTION_AGE_MS),
  };
  if (graceMs > 0 && graceMs < MAX_TIMER_MS) {
    options['grpc.max_connection_age_grace_ms'] = Math.ceil(graceMs);
  }
  return options;
}
