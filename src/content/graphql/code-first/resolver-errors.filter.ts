import { Catch } from '@nestjs/common';
import type { ExceptionFilter } from '@nestjs/common';

/**
 * Resolver errors go back to graphql-js, which reports them in `errors` (the executor words them
 * as Craft does). Nest runs the app's global filters around resolvers too, and the app's last
 * filter writes HTTP answers; a method or class filter comes first, so this one keeps them out.
 */
@Catch()
export class ResolverErrorsFilter implements ExceptionFilter {
  catch(exception: unknown): never {
    throw exception;
  }
}
