import * as grpc from '@grpc/grpc-js';
import { unary } from '../support/grpc-clients';

/** A typed caller for one unary method of a client created later (in beforeAll). */
export function grpcClientCall<T>(
  client: () => grpc.Client,
  method: string,
): (request: unknown) => Promise<T> {
  return (request) => unary<T>(client(), method, request);
}
