import { Global, Module } from '@nestjs/common';
import { StatsRegistry } from './registry';

@Global()
@Module({ providers: [StatsRegistry], exports: [StatsRegistry] })
export class StatsModule {}
