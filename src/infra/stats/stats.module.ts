import { Global, Module } from '@nestjs/common';
import { StatsRegistry } from './stats-registry';

@Global()
@Module({ providers: [StatsRegistry], exports: [StatsRegistry] })
export class StatsModule {}
