import Fastify, { FastifyInstance } from 'fastify';
import { PprofRoutes } from './pprof-routes';

describe('PprofRoutes', () => {
  let server: FastifyInstance;
  let routes: PprofRoutes;

  beforeEach(() => {
    server = Fastify();
    routes = new PprofRoutes();
    routes.register(server);
  });
  afterEach(async () => {
    routes.close();
    await server.close();
  });

  it('serves an index linking every profile', async () => {
    const response = await server.inject('/debug/pprof/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    for (const link of ['profile?seconds=30', 'heap', 'trace?seconds=1']) {
      expect(response.body).toContain(`href="${link}"`);
    }
  });

  it.each([
    '/debug/pprof/profile?seconds=0',
    '/debug/pprof/profile?seconds=301',
    '/debug/pprof/profile?seconds=x',
    '/debug/pprof/trace?seconds=61',
  ])('refuses %s with 400', async (url) => {
    const response = await server.inject(url);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/^seconds must be a whole number/);
  });

  it('refuses unknown trace categories, naming them', async () => {
    const response = await server.inject('/debug/pprof/trace?categories=v8,nope');
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/^unknown trace categories nope: .*node\.async_hooks/);
  });

  it('records a trace with the chosen categories and 409s a concurrent one', async () => {
    const first = server.inject('/debug/pprof/trace?seconds=1&categories=v8,node.perf');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await server.inject('/debug/pprof/trace?seconds=1')).statusCode).toBe(409);
    const response = await first;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="trace-.*\.json"$/,
    );
    const trace = response.json<{ traceEvents: Array<{ cat: string }> }>();
    expect(trace.traceEvents.length).toBeGreaterThan(0);
    expect(trace.traceEvents.every((event) => /__metadata|v8|node\.perf/.test(event.cat))).toBe(
      true,
    );
  });

  it('ends a profile under way early at shutdown, answering with what it has', async () => {
    const pending = server.inject('/debug/pprof/profile?seconds=300');
    await new Promise((resolve) => setTimeout(resolve, 200));
    routes.close();
    // Not ended early, it would answer after 300 s, far past the test's timeout.
    const response = await pending;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('samples');
  });

  it('serves no heap snapshot unless turned on (DEBUG_HEAP_SNAPSHOTS), saying how', async () => {
    const response = await server.inject('/debug/pprof/heap');
    expect(response.statusCode).toBe(404);
    expect(response.body).toMatch(
      /^heap snapshots are off: a snapshot holds every string in the process, secrets included; set DEBUG_HEAP_SNAPSHOTS=true/,
    );
  });
});
