import { CliLogger } from './cli-logger';

describe('CliLogger', () => {
  it('prints warnings and errors, and the rest only when verbose; never Nest’s own chatter', () => {
    const lines: string[] = [];
    const quiet = new CliLogger((line) => lines.push(line), false);
    quiet.log('database: embedded PGlite', 'Database');
    quiet.warn('created the admin user', 'Identity');
    quiet.error(new Error('boom'), undefined, 'ExceptionHandler');
    quiet.error('the model is invalid', undefined, 'ContentModel');
    const verbose = new CliLogger((line) => lines.push(line), true);
    verbose.log('content model 0123: 2 sites', 'ContentModel');
    verbose.log('Nest application successfully started', 'NestApplicationContext');
    verbose.log('IdentityModule dependencies initialized', 'InstanceLoader');
    expect(lines).toEqual([
      'warning: created the admin user',
      'error: the model is invalid',
      'content model 0123: 2 sites',
    ]);
  });
});
