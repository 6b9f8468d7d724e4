import { Client, ClientDuplexStream, Metadata, status, StatusObject } from '@grpc/grpc-js';
import { Logger } from '@nestjs/common';
import { Settings } from '../../../settings/settings';
import { RuleLoaderService } from '../../config/rule-loader.service';
import { RuleSource } from '../rule-source';
import { ackRequest, nackRequest, subscribeRequest, xdsNode } from './discovery-requests';
import { handleDiscoveryResponse, ResponseVerdict } from './discovery-response.handler';
import { BackoffPolicy, connectRetryDelay, reconnectDelay } from './reconnect-backoff';
import { callMetadata, createXdsClient, waitUntilConnected } from './xds-channel';
import {
  DiscoveryRequestMessage,
  DiscoveryResponseMessage,
  NodeMessage,
  RATE_LIMIT_CONFIG_TYPE_URL,
  STREAM_AGGREGATED_RESOURCES,
} from './xds-proto';

/** How long one dial may take before it counts as failed (gRPC's minimum connect timeout). */
const CONNECT_TIMEOUT_MS = 20_000;

type AdsStream = ClientDuplexStream<DiscoveryRequestMessage, DiscoveryResponseMessage>;

/**
 * Rules pushed by an xDS management server (CONFIG_TYPE=GRPC_XDS_SOTW) over one ADS stream, state
 * of the world: each response replaces the whole configuration, and is ACKed once loaded or
 * NACKed with the load error. Bootstrap waits for the first configuration event (a load that
 * succeeded or failed) unless FORCE_START_WITHOUT_INITIAL_CONFIG, so the listeners stay closed
 * until then. A lost stream is re-opened after XDS_CLIENT_BACKOFF_*; an unreachable server is
 * redialled every CONFIG_GRPC_XDS_SERVER_CONNECT_RETRY_INTERVAL. Nothing here ever throws out of
 * a callback: every failure is logged and retried.
 */
export class XdsRuleSource extends RuleSource {
  private readonly logger = new Logger('XdsRuleSource');
  private readonly xds: Settings['xds'];
  private readonly forceStart: boolean;
  private readonly node: NodeMessage;
  private readonly backoff: BackoffPolicy;
  private metadata = new Metadata();
  private client: Client | undefined;
  private stream: AdsStream | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Reconnects since the last response; reset by any response, which proves the stream works. */
  private reconnectAttempt = 0;
  private lastAcceptedVersion = '';
  private signalFirstConfigEvent: () => void = () => undefined;
  private readonly firstConfigEvent = new Promise<void>((resolve) => {
    this.signalFirstConfigEvent = resolve;
  });
  private readonly onHangup = () => {
    this.reload();
  };

  constructor(
    settings: Settings,
    private readonly loader: RuleLoaderService,
    private readonly random: () => number = Math.random,
  ) {
    super();
    this.xds = settings.xds;
    this.forceStart = settings.rules.forceStart;
    this.node = xdsNode(settings.xds.nodeId, settings.xds.nodeMetadata);
    this.backoff = {
      initial: settings.xds.backoffInitialInterval,
      max: settings.xds.backoffMaxInterval,
      factor: settings.xds.backoffRandomFactor,
      jitter: settings.xds.backoffJitter,
    };
  }

  onApplicationBootstrap(): Promise<void> {
    this.metadata = callMetadata(this.xds.additionalHeaders, (key, reason) =>
      this.logger.error(
        `CONFIG_GRPC_XDS_CLIENT_ADDITIONAL_HEADERS: header '${key}' left out: ${reason}`,
      ),
    );
    // Without a handler Node would end the process on SIGHUP; SIGHUP reloads the rules
    // (docs/decisions.md).
    process.on('SIGHUP', this.onHangup);
    this.logger.log(
      `xDS client for node '${this.node.id}' subscribing to ${RATE_LIMIT_CONFIG_TYPE_URL} at ${this.xds.serverUrl}`,
    );
    void this.connect();
    if (this.forceStart) {
      this.logger.warn(
        'FORCE_START_WITHOUT_INITIAL_CONFIG: opening the listeners before the first xDS configuration',
      );
      return Promise.resolve();
    }
    this.logger.log('waiting for the first xDS configuration before opening the listeners');
    return this.firstConfigEvent;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    process.off('SIGHUP', this.onHangup);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const stream = this.stream;
    this.stream = undefined;
    stream?.cancel();
    this.client?.close();
    this.client = undefined;
    // A shutdown during the startup wait leaves bootstrap pending on purpose: resolving it would
    // let startApp open the listeners of a process that is exiting.
  }

  /**
   * SIGHUP: there is nothing to re-read; the management server pushes every change on the open
   * stream, and re-sending our last request would only make a SotW server repeat itself.
   */
  reload(): boolean {
    this.logger.log(
      'SIGHUP received: nothing to reload, the xDS management server pushes configuration changes',
    );
    return false;
  }

  /** Dials until the server answers, then opens the stream. Never rejects. */
  private async connect(): Promise<void> {
    if (this.stopped) return;
    let client: Client;
    try {
      client = createXdsClient(this.xds);
    } catch (error) {
      this.retryDial(`cannot set up the connection: ${errorText(error)}`);
      return;
    }
    this.client = client;
    try {
      await waitUntilConnected(client, CONNECT_TIMEOUT_MS);
    } catch (error) {
      client.close();
      if (this.client === client) this.client = undefined;
      if (!this.stopped) this.retryDial(errorText(error));
      return;
    }
    if (this.stopped || this.client !== client) {
      client.close();
      return;
    }
    try {
      this.openStream(client);
    } catch (error) {
      client.close();
      this.client = undefined;
      this.stream = undefined;
      this.retryDial(`cannot open the stream: ${errorText(error)}`);
    }
  }

  private retryDial(reason: string): void {
    const delay = connectRetryDelay(this.xds.connectRetryInterval, this.random);
    this.logger.warn(
      `cannot reach the xDS management server ${this.xds.serverUrl} (${reason}); retrying in ${delay} ms`,
    );
    this.schedule(delay);
  }

  private openStream(client: Client): void {
    const stream: AdsStream = client.makeBidiStreamRequest(
      STREAM_AGGREGATED_RESOURCES.path,
      STREAM_AGGREGATED_RESOURCES.requestSerialize,
      STREAM_AGGREGATED_RESOURCES.responseDeserialize,
      this.metadata,
      {},
    );
    this.stream = stream;
    stream.on('data', (response: DiscoveryResponseMessage) => this.onResponse(stream, response));
    // The 'status' event that always follows reports the failure; without a listener an 'error'
    // event would throw.
    stream.on('error', () => undefined);
    stream.on('status', (result: StatusObject) => this.onStreamEnd(stream, result));
    this.logger.log(`connected to the xDS management server ${this.xds.serverUrl}`);
    this.send(stream, subscribeRequest(this.node));
  }

  private onResponse(stream: AdsStream, response: DiscoveryResponseMessage): void {
    if (stream !== this.stream) return;
    this.reconnectAttempt = 0;
    const version = response.versionInfo ?? '';
    const nonce = response.nonce ?? '';
    if (response.typeUrl !== undefined && response.typeUrl !== RATE_LIMIT_CONFIG_TYPE_URL) {
      this.logger.warn(`ignoring an xDS response for ${response.typeUrl}, which was not asked for`);
      return;
    }
    let verdict: ResponseVerdict;
    try {
      verdict = handleDiscoveryResponse(response, (produce) => this.loader.load(produce));
    } catch (error) {
      // Not a configuration error (the loader reports those): still answer, never crash.
      verdict = { ack: false, error: errorText(error), loadAttempted: false };
    }
    if (verdict.ack) {
      this.lastAcceptedVersion = version;
      this.logger.log(
        `accepted xDS version '${version}' (${response.resources.length} resource(s))`,
      );
      this.send(stream, ackRequest(this.node, version, nonce));
    } else {
      this.logger.error(`rejected xDS version '${version}': ${verdict.error}`);
      this.send(stream, nackRequest(this.node, this.lastAcceptedVersion, nonce, verdict.error));
    }
    // A configuration event, good or bad, ends the startup wait (later ones change nothing).
    if (verdict.ack || verdict.loadAttempted) this.signalFirstConfigEvent();
  }

  private onStreamEnd(stream: AdsStream, result: StatusObject): void {
    if (stream !== this.stream) return;
    this.stream = undefined;
    this.client?.close();
    this.client = undefined;
    if (this.stopped) return;
    const delay = reconnectDelay(this.reconnectAttempt++, this.backoff, this.random);
    this.logger.warn(
      `xDS stream ended (${status[result.code]}${result.details ? `: ${result.details}` : ''}); reconnecting in ${delay} ms`,
    );
    this.schedule(delay);
  }

  private send(stream: AdsStream, request: DiscoveryRequestMessage): void {
    // A write on a stream that is closing fails through its 'status' event, which reconnects.
    stream.write(request);
  }

  private schedule(delay: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
