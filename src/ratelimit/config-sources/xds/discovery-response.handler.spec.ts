import { RuleLoadResult } from '../../config/rule-loader.service';
import { NamedRuleDocument } from '../../rules/compiler';
import { ackRequest, nackRequest, subscribeRequest, xdsNode } from './discovery-requests';
import { handleDiscoveryResponse } from './discovery-response.handler';
import { packRateLimitConfig } from './xds.fixtures';
import { AnyMessage, DiscoveryResponseMessage, RATE_LIMIT_CONFIG_TYPE_URL } from './xds-proto';

const response = (...resources: AnyMessage[]): DiscoveryResponseMessage => ({
  versionInfo: 'v1',
  nonce: 'n1',
  typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
  resources,
});

/** A loader that records what it was given and answers `result`. */
function recordingLoader(result: RuleLoadResult) {
  const loads: (readonly NamedRuleDocument[])[] = [];
  return {
    loads,
    load: (produce: () => readonly NamedRuleDocument[]) => {
      loads.push(produce());
      return result;
    },
  };
}

describe('an xDS DiscoveryResponse', () => {
  it('loads every resource together, in order, and is ACKed', () => {
    const loader = recordingLoader({ loaded: true });
    const verdict = handleDiscoveryResponse(
      response(
        packRateLimitConfig({ name: 'a', domain: 'one' }),
        packRateLimitConfig({ name: 'b', domain: 'two' }),
      ),
      loader.load,
    );
    expect(verdict).toEqual({ ack: true });
    expect(loader.loads).toHaveLength(1);
    expect(loader.loads[0].map(({ name, document }) => [name, document.domain])).toEqual([
      ['a', 'one'],
      ['b', 'two'],
    ]);
  });

  it('with no resources loads the empty configuration', () => {
    const loader = recordingLoader({ loaded: true });
    expect(handleDiscoveryResponse(response(), loader.load)).toEqual({ ack: true });
    expect(loader.loads).toEqual([[]]);
  });

  it('is NACKed with the load error when the set does not compile', () => {
    const loader = recordingLoader({
      loaded: false,
      error: "cfg: invalid rate limit unit 'UNKNOWN'",
    });
    expect(
      handleDiscoveryResponse(response(packRateLimitConfig({ name: 'cfg' })), loader.load),
    ).toEqual({ ack: false, error: "cfg: invalid rate limit unit 'UNKNOWN'", loadAttempted: true });
  });

  it('is NACKed without a load when a resource has another type', () => {
    const loader = recordingLoader({ loaded: true });
    const verdict = handleDiscoveryResponse(
      response(packRateLimitConfig({ name: 'a' }), {
        type_url: 'type.googleapis.com/envoy.config.cluster.v3.Cluster',
        value: Buffer.alloc(0),
      }),
      loader.load,
    );
    expect(verdict).toEqual({
      ack: false,
      error:
        "resource 1: mismatched message type: got 'type.googleapis.com/envoy.config.cluster.v3.Cluster', want 'ratelimit.config.ratelimit.v3.RateLimitConfig'",
      loadAttempted: false,
    });
    expect(loader.loads).toEqual([]);
  });

  it('is NACKed without a load when a resource does not decode', () => {
    const loader = recordingLoader({ loaded: true });
    const verdict = handleDiscoveryResponse(
      response({ type_url: RATE_LIMIT_CONFIG_TYPE_URL, value: Buffer.from([0x0a, 0xff]) }),
      loader.load,
    );
    expect(verdict).toMatchObject({ ack: false, loadAttempted: false });
    expect(verdict.ack === false && verdict.error).toMatch(
      /^resource 0: cannot unpack ratelimit\.config\.ratelimit\.v3\.RateLimitConfig: /,
    );
    expect(loader.loads).toEqual([]);
  });
});

describe('xDS DiscoveryRequests', () => {
  const node = xdsNode('node-1', { zone: 'a', team: 'b' });

  it('identify the node with its metadata as string values', () => {
    expect(node).toEqual({
      id: 'node-1',
      metadata: { fields: { zone: { stringValue: 'a' }, team: { stringValue: 'b' } } },
    });
  });

  it('subscribe to every RateLimitConfig with no version and no nonce', () => {
    expect(subscribeRequest(node)).toEqual({
      versionInfo: '',
      node,
      resourceNames: [],
      typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
      responseNonce: '',
    });
  });

  it('ACK with the response version and nonce', () => {
    expect(ackRequest(node, 'v2', 'n2')).toMatchObject({
      versionInfo: 'v2',
      responseNonce: 'n2',
    });
    expect(ackRequest(node, 'v2', 'n2')).not.toHaveProperty('errorDetail');
  });

  it('NACK with the last accepted version, the nonce and INVALID_ARGUMENT', () => {
    expect(nackRequest(node, 'v1', 'n2', 'bad')).toEqual({
      versionInfo: 'v1',
      node,
      resourceNames: [],
      typeUrl: RATE_LIMIT_CONFIG_TYPE_URL,
      responseNonce: 'n2',
      errorDetail: { code: 3, message: 'bad' },
    });
  });
});
