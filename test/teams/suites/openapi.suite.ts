import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../support/service-process';
import { World } from '../world';

export function openApiSuite(world: () => World): void {
  describe('OpenAPI', () => {
    it('serves the document committed in docs/openapi.json (npm run docs:openapi)', async () => {
      const served = await fetch(`${world().service.httpUrl}/api/openapi.json`);
      expect(served.status).toBe(200);
      const committed: unknown = JSON.parse(
        readFileSync(join(PROJECT_ROOT, 'docs', 'openapi.json'), 'utf8'),
      );
      expect(await served.json()).toEqual(committed);
    });

    it('describes every team endpoint', async () => {
      const served = (await (
        await fetch(`${world().service.httpUrl}/api/openapi.json`)
      ).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const operations = Object.entries(served.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(operations).toEqual(
        expect.arrayContaining([
          'GET /api/teams/search',
          'GET /api/teams/{teamId}',
          'POST /api/teams',
          'PUT /api/teams/{teamId}',
          'DELETE /api/teams/{teamId}',
          'GET /api/teams/{teamId}/members',
          'POST /api/teams/{teamId}/members',
          'PUT /api/teams/{teamId}/members',
          'PUT /api/teams/{teamId}/members/{userId}',
          'DELETE /api/teams/{teamId}/members/{userId}',
          'GET /api/teams/{teamId}/preferences',
          'PUT /api/teams/{teamId}/preferences',
          'GET /api/user/teams',
          'GET /api/users/{id}/teams',
          'GET /api/access-control/teams/description',
          'GET /api/access-control/teams/{teamId}',
          'POST /api/access-control/teams/{teamId}',
          'POST /api/access-control/teams/{teamId}/users/{userId}',
          'GET /api/org/users',
          'GET /api/org/users/search',
          'GET /api/org/users/lookup',
          'POST /api/org/users',
          'DELETE /api/org/users/{userId}',
          'GET /api/orgs/{orgId}/users',
          'GET /api/orgs/{orgId}/users/search',
          'DELETE /api/orgs/{orgId}/users/{userId}',
          'GET /api/teams/{teamId}/groups',
          'POST /api/teams/{teamId}/groups',
          'DELETE /api/teams/{teamId}/groups',
          'DELETE /api/teams/{teamId}/groups/{groupId}',
          'GET /api/teams/{teamId}/groups/search',
          'GET /apis',
          'GET /apis/iam.grafana.app/v0alpha1',
          'GET /apis/iam.grafana.app/v0alpha1/namespaces/{namespace}/teams',
          'POST /apis/iam.grafana.app/v0alpha1/namespaces/{namespace}/teams',
          'GET /apis/iam.grafana.app/v0alpha1/namespaces/{namespace}/teams/{name}',
          'PUT /apis/iam.grafana.app/v0alpha1/namespaces/{namespace}/teams/{name}',
          'PATCH /apis/iam.grafana.app/v0alpha1/namespaces/{namespace}/teams/{name}',
          'DELETE /apis/iam.grafana.app/v0alpha1/namespaces/{namespace}/teams/{name}',
        ]),
      );
    });

    it('serves a Swagger UI whose assets come from the service itself', async () => {
      const base = world().service.httpUrl;
      const page = await fetch(`${base}/api/docs`);
      const html = await page.text();
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html).not.toMatch(/https?:\/\//);
      for (const asset of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
        const response = await fetch(new URL(asset[1], `${base}/api/docs`));
        expect([asset[1], response.status]).toEqual([asset[1], 200]);
      }
      expect((await fetch(`${base}/api/docs/..%2F..%2Fpackage.json`)).status).toBe(404);
    });
  });
}
