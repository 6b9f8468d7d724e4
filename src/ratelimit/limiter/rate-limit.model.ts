import { Unit } from '../rules/rate-limit-unit';
import { Entry } from '../rules/tree';

/** `RateLimitResponse.Code`. */
export enum Code {
  UNKNOWN = 0,
  OK = 1,
  OVER_LIMIT = 2,
}

export interface LimitOverride {
  readonly requestsPerUnit: number;
  readonly unit: Unit;
}

/** A request descriptor, transport-neutral. */
export interface RequestDescriptor {
  readonly entries: readonly Entry[];
  readonly limit: LimitOverride | undefined;
  /** The descriptor's own addend; undefined when the wrapper is absent (0 is meaningful). */
  readonly hitsAddend: number | undefined;
}

export interface RateLimitRequest {
  readonly domain: string;
  readonly descriptors: readonly RequestDescriptor[];
  /** 0 means 1. */
  readonly hitsAddend: number;
}

export interface CurrentLimit {
  readonly requestsPerUnit: number;
  readonly unit: Unit;
  readonly name: string;
}

export interface DescriptorStatus {
  readonly code: Code;
  readonly currentLimit: CurrentLimit | undefined;
  readonly limitRemaining: number;
  /** Whole seconds; undefined when no limit applied. */
  readonly durationUntilReset: number | undefined;
}

export interface HeaderValue {
  readonly key: string;
  readonly value: string;
}

export interface RateLimitResponse {
  readonly overallCode: Code;
  readonly statuses: readonly DescriptorStatus[];
  readonly responseHeadersToAdd: readonly HeaderValue[];
  /** JSON-compatible; present only with RESPONSE_DYNAMIC_METADATA. */
  readonly dynamicMetadata: Readonly<Record<string, unknown>> | undefined;
}

/** The request itself is wrong: gRPC INVALID_ARGUMENT, HTTP 400. */
export class InvalidRateLimitRequestError extends Error {
  override readonly name = 'InvalidRateLimitRequestError';
}

/** No decision possible right now (no configuration, store down): gRPC UNAVAILABLE, HTTP 503. */
export class RateLimitUnavailableError extends Error {
  override readonly name = 'RateLimitUnavailableError';
}
