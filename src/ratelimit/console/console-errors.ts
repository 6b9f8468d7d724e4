/** A console request the operator got wrong: answered 400 `{"message"}`. */
export class ConsoleInputError extends Error {
  override readonly name = 'ConsoleInputError';
}
