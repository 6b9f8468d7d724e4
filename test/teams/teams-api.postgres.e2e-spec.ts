import { runTeamsApiSuites } from './run-suites';

describe('teams API on PostgreSQL', () => {
  runTeamsApiSuites('postgres');
});
