import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller';

/**
 * Serves the OpenAPI document and its UI. Apart from TeamsModule: the document scans that module,
 * which must not import this one back.
 */
@Module({ controllers: [OpenApiController] })
export class OpenApiModule {}
