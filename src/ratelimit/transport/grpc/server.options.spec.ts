import { ServerCredentials } from '@grpc/grpc-js';
import { loadSettings } from '../../../settings/settings.loader';
import { connectionAgeOptions, grpcServerOptions, MAX_CONNECTION_AGE_MS } from './server.options';

const HOUR = 3_600_000;

describe('connectionAgeOptions', () => {
  it('passes the defaults (24h, grace 1h) to grpc-js, which adds the ±10% jitter itself', () => {
    expect(connectionAgeOptions(24 * HOUR, HOUR)).toEqual({
      'grpc.max_connection_age_ms': 24 * HOUR,
      'grpc.max_connection_age_grace_ms': HOUR,
    });
  });

  it('treats 0 as no limit, as grpc-go does', () => {
    expect(connectionAgeOptions(0, HOUR)).toEqual({});
    expect(connectionAgeOptions(-5, HOUR)).toEqual({});
    expect(connectionAgeOptions(HOUR, 0)).toEqual({ 'grpc.max_connection_age_ms': HOUR });
  });

  it('keeps the jittered age within a Node timer', () => {
    expect(connectionAgeOptions(30 * 24 * HOUR, HOUR)['grpc.max_connection_age_ms']).toBe(
      MAX_CONNECTION_AGE_MS,
    );
    expect(MAX_CONNECTION_AGE_MS * 1.1).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(connectionAgeOptions(HOUR, 30 * 24 * HOUR)).toEqual({
      'grpc.max_connection_age_ms': HOUR,
    });
  });

  it('rounds sub-millisecond durations up rather than to 0', () => {
    expect(connectionAgeOptions(0.4, 0.4)).toEqual({
      'grpc.max_connection_age_ms': 1,
      'grpc.max_connection_age_grace_ms': 1,
    });
  });
});

/** GRPC_MAX_CONCURRENT_STREAMS, _KEEPALIVE_*, _MAX_CONNECTION_IDLE and the call deadlines. */
const DEFAULT_STREAM_LIMITS = {
  'grpc.max_concurrent_streams': 1000,
  'grpc.keepalive_time_ms': 2 * HOUR,
  'grpc.keepalive_timeout_ms': 20_000,
  'grpc.max_connection_idle_ms': 15 * 60_000,
};

describe('grpcServerOptions', () => {
  it('listens on host:port or a unix socket, plaintext by default', () => {
    const tcp = grpcServerOptions(loadSettings({ GRPC_HOST: '127.0.0.1', GRPC_PORT: '9001' }));
    expect(tcp.options?.url).toBe('127.0.0.1:9001');
    expect((tcp.options?.credentials as ServerCredentials)._isSecure()).toBe(false);
    expect(tcp.options?.channelOptions).toEqual({
      'grpc.max_connection_age_ms': 24 * HOUR,
      'grpc.max_connection_age_grace_ms': HOUR,
      ...DEFAULT_STREAM_LIMITS,
      'grpc.enable_channelz': 0,
    });
    const uds = grpcServerOptions(loadSettings({ GRPC_UDS: '/tmp/rls.sock' }));
    expect(uds.options?.url).toBe('unix:///tmp/rls.sock');
  });

  it('reads GRPC_MAX_CONNECTION_AGE and _GRACE', () => {
    const options = grpcServerOptions(
      loadSettings({ GRPC_MAX_CONNECTION_AGE: '10m', GRPC_MAX_CONNECTION_AGE_GRACE: '30s' }),
    );
    expect(options.options?.channelOptions).toEqual({
      'grpc.max_connection_age_ms': 600_000,
      'grpc.max_connection_age_grace_ms': 30_000,
      ...DEFAULT_STREAM_LIMITS,
      'grpc.enable_channelz': 0,
    });
  });

  it('limits streams per connection, deadlines every call, pings quiet connections and closes idle ones', () => {
    const options = grpcServerOptions(
      loadSettings({
        GRPC_MAX_CONCURRENT_STREAMS: '50',
        GRPC_KEEPALIVE_TIME: '1m',
        GRPC_KEEPALIVE_TIMEOUT: '5s',
        GRPC_MAX_CONNECTION_IDLE: '0',
      }),
    );
    expect(options.options?.channelOptions).toMatchObject({
      'grpc.max_concurrent_streams': 50,
      'grpc.keepalive_time_ms': 60_000,
      'grpc.keepalive_timeout_ms': 5_000,
    });
    expect(options.options?.channelOptions).not.toHaveProperty('grpc.max_connection_idle_ms');
    const none = grpcServerOptions(
      loadSettings({ GRPC_REQUEST_TIMEOUT: '0', GRPC_CALL_TIMEOUT: '0', GRPC_KEEPALIVE_TIME: '0' }),
    );
    expect((none.options?.credentials as ServerCredentials)._getInterceptors()).toEqual([]);
    expect(
      (grpcServerOptions(loadSettings({})).options?.credentials as ServerCredentials)
        ._getInterceptors()
        .map((interceptor) => typeof interceptor),
    ).toEqual(['function']);
    expect(none.options?.channelOptions).not.toHaveProperty('grpc.keepalive_time_ms');
  });
});
