import type { Provider } from '@nestjs/common';
import { ContentScheduleRepository } from './content-schedule.repository';
import { GraphqlResultCache } from './graphql-result-cache';

/** The GraphQL result cache; registered by content.module.ts (with SharedCacheModule). */
export const CACHE_PROVIDERS: Provider[] = [ContentScheduleRepository, GraphqlResultCache];
