import { ADMIN_PASSWORD, ApiFleet, Side } from '../api-fleet';
import { Row, skippedRow } from '../report/row';
import { sideBySide, SideBySideWorkload } from '../tools/side-by-side';
import { Service } from '../tools/service-launcher';
import {
  basicAuth,
  FIXTURE_MEMBERS,
  FIXTURE_TEAMS,
  teamsFixture,
  TeamsFixture,
} from '../tools/teams-fixture';
import { HttpRequestSpec } from '../tools/wrk-request';

const AUTH = { authorization: basicAuth(ADMIN_PASSWORD) };
const SEARCH = '/api/teams/search?query=bench-team&perpage=20&page=1';

/**
 * Teams calls as the server admin with Basic auth (the verified-password cache makes that one
 * scrypt per process, not per request), on this build against the baseline build. The create
 * row runs last: every team it creates would make the searches after it longer.
 */
export async function teamsRows(fleet: ApiFleet): Promise<Row[]> {
  const fixtures = new Map<Side, TeamsFixture>();
  const sides: [Side, Service | undefined][] = [
    ['current', fleet.current],
    ['baseline', fleet.baseline],
  ];
  for (const [side, service] of sides) {
    if (!service) continue;
    try {
      fixtures.set(side, await teamsFixture(service, ADMIN_PASSWORD));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return [
        skippedRow(
          { group: 'teams', measure: 'the Teams rows', shape: 'default' },
          `${side}: the fixture failed: ${reason}`,
        ),
      ];
    }
  }
  const teamOf = (side: Side) => {
    const fixture = fixtures.get(side);
    if (!fixture) throw new Error(`no Teams fixture on the ${side} side`);
    return fixture.teamId;
  };
  const get = (path: (side: Side) => string) => (side: Side) => getRequest(path(side));
  const workloads: SideBySideWorkload[] = [
    {
      group: 'teams',
      measure: `GET /api/teams/search, 20 of ${FIXTURE_TEAMS} teams by substring`,
      request: get(() => SEARCH),
      problem: (service) => okProblem(service, getRequest(SEARCH)),
      atLeast: 0.95,
    },
    {
      group: 'teams',
      measure: 'GET /api/teams/:id',
      request: get((side) => `/api/teams/${teamOf(side)}`),
      problem: (service, side) => okProblem(service, getRequest(`/api/teams/${teamOf(side)}`)),
      atLeast: 0.95,
    },
    {
      group: 'teams',
      measure: `GET /api/teams/:id/members, ${FIXTURE_MEMBERS + 1} members`,
      request: get((side) => `/api/teams/${teamOf(side)}/members`),
      problem: (service, side) =>
        okProblem(service, getRequest(`/api/teams/${teamOf(side)}/members`)),
      atLeast: 0.95,
    },
    {
      group: 'teams',
      measure: 'POST /api/teams (create, a new name each call)',
      request: () => createRequest(true),
      problem: (service) => okProblem(service, createRequest(false)),
      atLeast: 0.95,
    },
  ];
  const rows: Row[] = [];
  for (const workload of workloads) rows.push(await sideBySide(fleet, workload));
  return rows;
}

const getRequest = (path: string): HttpRequestSpec => ({ method: 'GET', path, headers: AUTH });

function createRequest(unique: boolean): HttpRequestSpec {
  return {
    method: 'POST',
    path: '/api/teams',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name: unique ? 'bench-new-{n}' : 'bench-probe', email: '' }),
    unique,
  };
}

/** The request answered 200 once (wrk counts other statuses but would still report a rate). */
async function okProblem(service: Service, request: HttpRequestSpec): Promise<string | undefined> {
  const response = await fetch(`${service.httpUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const text = await response.text();
  return response.status === 200 ? undefined : `answered ${response.status} ${text.slice(0, 200)}`;
}
