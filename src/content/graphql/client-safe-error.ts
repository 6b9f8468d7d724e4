/**
 * An error whose message a client may see even outside devMode (a bad argument, an unknown
 * transform). Any other error thrown by a resolver reaches the client as the generic message.
 */
export class ClientSafeError extends Error {
  override readonly name = 'ClientSafeError';
}
