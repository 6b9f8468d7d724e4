import { Module } from '@nestjs/common';
import { ContentSchemaBase } from './schema-base';

/** Shares the code-first base between the GraphQL driver and the content executor. */
@Module({ providers: [ContentSchemaBase], exports: [ContentSchemaBase] })
export class ContentSchemaBaseModule {}
