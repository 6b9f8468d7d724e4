import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { loadSync, MessageTypeDefinition, ServiceDefinition } from '@grpc/proto-loader';
import { PROJECT_ROOT } from './service-process';

/*
 * A real ADS management server (state of the world) on a grpc-js server, speaking the wire protocol
 * from our own protos: it records every DiscoveryRequest and pushes the current snapshot to every
 * subscribed stream, as go-control-plane's server does for one resource type.
 */

export const RATE_LIMIT_CONFIG_TYPE_URL =
  'type.googleapis.com/ratelimit.config.ratelimit.v3.RateLimitConfig';

const definition = loadSync(
  ['envoy/service/discovery/v3/ads.proto', 'ratelimit/config/ratelimit/v3/rls_conf.proto'],
  {
    includeDirs: [join(PROJECT_ROOT, 'proto')],
    keepCase: false,
    longs: Number,
    enums: String,
    defaults: true,
    arrays: true,
  },
);
const rateLimitConfigType = definition[
  'ratelimit.config.ratelimit.v3.RateLimitConfig'
] as MessageTypeDefinition<object, object>;
const adsService = definition[
  'envoy.service.discovery.v3.AggregatedDiscoveryService'
] as ServiceDefinition;

/** google.protobuf.Any as protobufjs names its fields. */
export interface AnyResource {
  type_url: string;
  value: Buffer;
}

/** A DiscoveryRequest as the server decoded it, with the stream it came on. */
export interface ReceivedRequest {
  /** 1 for the first stream this server accepted, 2 for the next, ... */
  stream: number;
  /** The stream's call metadata (headers), keys lowercased. */
  headers: Record<string, string>;
  /** Date.now() when the server read it. */
  receivedAt: number;
  versionInfo: string;
  node: { id: string; metadata: { fields: Record<string, { stringValue?: string }> } | null };
  resourceNames: string[];
  typeUrl: string;
  responseNonce: string;
  errorDetail: { code: number; message: string } | null;
}

interface SentResponse {
  stream: number;
  version: string;
  nonce: string;
}

/** The request as decoded off the wire, before the server adds what it knows about it. */
type DecodedRequest = Omit<ReceivedRequest, 'stream' | 'headers' | 'receivedAt'>;
type AdsCall = grpc.ServerDuplexStream<DecodedRequest, object>;

/** A RateLimitConfig (protobuf object form: camelCase, unit names) packed as a resource. */
export function rateLimitConfig(config: object): AnyResource {
  return { type_url: RATE_LIMIT_CONFIG_TYPE_URL, value: rateLimitConfigType.serialize(config) };
}

export class AdsManagementServer {
  readonly requests: ReceivedRequest[] = [];
  readonly responses: SentResponse[] = [];
  private readonly server = new grpc.Server();
  private readonly subscribed = new Map<AdsCall, number>();
  private readonly events = new EventEmitter();
  private snapshot: { version: string; resources: AnyResource[] } | undefined;
  private streams = 0;
  private nonces = 0;

  constructor(
    readonly port: number,
    private readonly credentials = grpc.ServerCredentials.createInsecure(),
  ) {
    this.server.addService(adsService, {
      StreamAggregatedResources: (call: AdsCall) => this.onStream(call),
    });
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) =>
      this.server.bindAsync(this.address, this.credentials, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }

  /** Drops every connection at once, as a crashed or restarted management server would. */
  stop(): void {
    this.server.forceShutdown();
    this.subscribed.clear();
  }

  /** Replaces the snapshot and pushes it to every subscribed stream. */
  setSnapshot(version: string, resources: AnyResource[]): void {
    this.snapshot = { version, resources };
    for (const [call, stream] of this.subscribed) this.push(call, stream);
  }

  /** The first request (past or future) that `predicate` accepts; rejects after `timeoutMs`. */
  waitForRequest(
    predicate: (request: ReceivedRequest) => boolean,
    timeoutMs = 10_000,
  ): Promise<ReceivedRequest> {
    const found = this.requests.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onRequest = (request: ReceivedRequest) => {
        if (!predicate(request)) return;
        clearTimeout(timer);
        this.events.off('request', onRequest);
        resolve(request);
      };
      const timer = setTimeout(() => {
        this.events.off('request', onRequest);
        reject(new Error(`no matching DiscoveryRequest within ${timeoutMs} ms`));
      }, timeoutMs);
      this.events.on('request', onRequest);
    });
  }

  /** The nonce of the last response of `version` this server sent. */
  nonceOf(version: string): string | undefined {
    return this.responses.filter((response) => response.version === version).pop()?.nonce;
  }

  private onStream(call: AdsCall): void {
    const stream = ++this.streams;
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(call.metadata.getMap())) {
      headers[key] = value.toString();
    }
    call.on('data', (request: DecodedRequest) => {
      const received: ReceivedRequest = { ...request, stream, headers, receivedAt: Date.now() };
      this.requests.push(received);
      this.events.emit('request', received);
      // The first request of a stream subscribes; later ones ACK or NACK and get no answer.
      if (!this.subscribed.has(call) && request.typeUrl === RATE_LIMIT_CONFIG_TYPE_URL) {
        this.subscribed.set(call, stream);
        this.push(call, stream);
      }
    });
    const forget = () => this.subscribed.delete(call);
    call.on('error', forget);
    call.on('cancelled', forget);
    call.on('end', () => {
      forget();
      call.end();
    });
  }

  private push(call: AdsCall, stream: number): void {
    if (this.snapshot === undefined) return;
    const nonce = String(++this.nonces);
    this.responses.push({ stream, version: this.snapshot.version, nonce });
    call.write({
      versionInfo: this.snapshot.version,
      resources: this.snapshot.resources,
      typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
      nonce,
    });
  }
}
