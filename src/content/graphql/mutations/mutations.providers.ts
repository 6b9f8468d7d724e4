import type { Provider } from '@nestjs/common';
import { ContentMutations } from './content-mutations.service';

/** Providers of the GraphQL mutations' writing side; registered with the GraphQL providers. */
export const MUTATIONS_PROVIDERS: Provider[] = [ContentMutations];
