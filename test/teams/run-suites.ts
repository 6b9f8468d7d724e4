import { accessControlSuite } from './suites/access-control.suite';
import { goClientSuite } from './suites/go-client.suite';
import { identitySuite } from './suites/identity.suite';
import { membersSuite } from './suites/members.suite';
import { openApiSuite } from './suites/openapi.suite';
import { orgUsersSuite } from './suites/org-users.suite';
import { permissionsSuite } from './suites/permissions.suite';
import { preferencesSuite } from './suites/preferences.suite';
import { robustnessSuite } from './suites/robustness.suite';
import { teamGroupsSuite } from './suites/team-groups.suite';
import { teamResourcesSuite } from './suites/team-resources.suite';
import { teamsSuite } from './suites/teams.suite';
import { terraformProviderSuite } from './suites/terraform-provider.suite';
import { Backend, startWorld, World } from './world';

/** The whole teams API suite against one running service on `backend`. */
export function runTeamsApiSuites(backend: Backend): void {
  let world: World | undefined;
  const current = () => {
    if (!world) throw new Error('the service did not start');
    return world;
  };

  beforeAll(async () => {
    world = await startWorld(backend);
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  identitySuite(current);
  teamsSuite(current);
  membersSuite(current);
  preferencesSuite(current);
  permissionsSuite(current);
  accessControlSuite(current);
  orgUsersSuite(current);
  teamGroupsSuite(current);
  terraformProviderSuite(current);
  teamResourcesSuite(current);
  goClientSuite(current);
  robustnessSuite(current);
  openApiSuite(current);
}
