/**
 * A criteria value the store cannot turn into SQL (`Invalid orderBy column "x"`, a non-numeric id,
 * an unparseable date). The message is written for the API client: the GraphQL layer shows it as
 * the error of the field whose arguments caused it.
 */
export class ElementQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ElementQueryError';
  }
}
