/** A transform or srcset argument the client got wrong: its message is fit for a GraphQL error. */
export class TransformArgumentError extends Error {}
