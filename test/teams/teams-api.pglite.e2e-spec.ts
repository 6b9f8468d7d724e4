import { runTeamsApiSuites } from './run-suites';

describe('teams API on the embedded PGlite', () => {
  runTeamsApiSuites('pglite');
});
