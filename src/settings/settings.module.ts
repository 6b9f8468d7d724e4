import { DynamicModule, Global, Module } from '@nestjs/common';
import { Settings } from './settings';

/** Provides the one validated settings object to every module. */
@Global()
@Module({})
export class SettingsModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: SettingsModule,
      providers: [{ provide: Settings, useValue: settings }],
      exports: [Settings],
    };
  }
}
