import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { GrafanaError } from './grafana-error';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Go's `strconv.ParseInt(s, 10, 64)`: an optional sign and decimal digits, nothing else, within
 * int64. Returns undefined when Go would fail.
 */
export function parseGoInt64(raw: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(raw)) return undefined;
  const value = BigInt(raw);
  return value < INT64_MIN || value > INT64_MAX ? undefined : value;
}

/**
 * A parsed id as a JS number. Ids beyond the safe integer range are valid int64 (as in Grafana)
 * but cannot name a row here: they come back as -1, which names no row (ids are positive).
 */
export function toRowId(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)
    ? -1
    : Number(value);
}

/** A numeric path parameter parsed as Grafana does, else 400 with Grafana's `<name> is invalid`. */
export function requirePathId(raw: string | undefined, name: string): number {
  const parsed = raw === undefined ? undefined : parseGoInt64(raw);
  if (parsed === undefined) throw GrafanaError.message(400, `${name} is invalid`, true);
  return toRowId(parsed);
}

const PathIdParam = createParamDecorator(
  ({ param, name }: { param: string; name: string }, context: ExecutionContext): number => {
    const params = context.switchToHttp().getRequest<FastifyRequest>().params as Readonly<
      Record<string, string | undefined>
    >;
    return requirePathId(params[param], name);
  },
);

/**
 * A numeric path parameter, parsed as `requirePathId` parses it (400 `<name> is invalid`).
 * Parameter decorators extract their values before any pipe runs, so the path is refused before
 * the validation pipe reads the body, as Grafana's handlers parse the path first. (A handler
 * that binds the body first calls `requirePathId` itself.)
 */
export function PathId(param: string, name: string = param): ParameterDecorator {
  return PathIdParam({ param, name });
}
