import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../../infra/database/database.module';
import { ContentModelModule } from '../../model/content-model.module';
import { GraphqlTokensRepository } from './graphql-tokens.repository';
import { GraphqlTokensService } from './graphql-tokens.service';

/** GraphQL schemas' access tokens, for the endpoint, the admin API and `content-tokens`. */
@Module({
  imports: [DatabaseModule, ContentModelModule],
  providers: [GraphqlTokensRepository, GraphqlTokensService],
  exports: [GraphqlTokensService],
})
export class GraphqlTokensModule {}
