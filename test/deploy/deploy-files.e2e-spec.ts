import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { parse } from 'yaml';
import { allSettingDefinitions, loadSettings } from '../../src/settings/settings.loader';
import { configMapDirectory } from '../support/rule-layouts';
import { PROJECT_ROOT, ServiceProcess, startService } from '../support/service-process';
import {
  composeEnvironment,
  composeServices,
  deploymentYamlFiles,
  DOCKER_DIR,
  isOurImage,
  KUBERNETES_DIR,
  kubernetesContainers,
  kubernetesObject,
  yamlDocuments,
} from './deploy-files';
import {
  Descriptor,
  descriptorsFor,
  httpConnectionManager,
  SampleRequest,
} from './envoy-rate-limit-actions';

/**
 * What can be checked of docker/ and deploy/kubernetes/ without a container engine: the files parse,
 * the service's environment is made of settings the schema accepts, the rules they mount pass
 * `ratelimit-config-check` and load in the service, and the Envoy rate limit actions produce
 * descriptors that the example rules limit.
 */

/** SERVICE_DIST: another build output directory, as in test/ratelimit/cli.e2e-spec.ts. */
const CONFIG_CHECK = join(
  PROJECT_ROOT,
  process.env.SERVICE_DIST ?? 'dist',
  'ratelimit',
  'cli',
  'config-check.js',
);
const EXAMPLE_RULES = join(PROJECT_ROOT, 'config', 'ratelimit', 'config', 'example.yaml');
/** Stands for a `${VAR:?required}` value of compose, which the operator must set. */
const REQUIRED_VALUE = 'value-set-by-the-operator';

type Yaml = Record<string, unknown>;

function configCheck(dir: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [CONFIG_CHECK, '-config_dir', dir],
      { cwd: PROJECT_ROOT, timeout: 30_000 },
      (_error, stdout) => done({ code: child.exitCode, stdout }),
    );
  });
}

/** Each variable is a setting (or an upstream alias) whose parser accepts the value. */
function expectKnownSettings(where: string, env: Record<string, string>): void {
  const definitions = allSettingDefinitions();
  for (const [name, value] of Object.entries(env)) {
    const definition = definitions.find((d) => d.env === name || d.aliases.includes(name));
    expect({ where, name, known: definition !== undefined }).toEqual({ where, name, known: true });
    if (value === '') continue;
    let problem = '';
    try {
      definition!.parse(value);
    } catch (error) {
      problem = (error as Error).message;
    }
    expect({ where, name, value, problem }).toEqual({ where, name, value, problem: '' });
  }
  // And all together, with the cross checks between variables.
  expect(() => loadSettings(env)).not.toThrow();
}

function ruleDirectory(env: Record<string, string>, base = '/'): string {
  return posix.join(
    posix.resolve(base, env.RUNTIME_ROOT ?? 'config'),
    env.RUNTIME_SUBDIRECTORY ?? 'ratelimit',
    env.RUNTIME_APPDIRECTORY ?? 'config',
  );
}

describe('every deployment file', () => {
  it('parses as YAML, without errors', () => {
    const files = deploymentYamlFiles();
    expect(files.map((file) => file.path).sort()).toEqual(
      expect.arrayContaining([
        'docker/compose.yaml',
        'docker/envoy.yaml',
        'deploy/kubernetes/deployment.yaml',
        'deploy/kubernetes/service.yaml',
        'deploy/kubernetes/rules-configmap.yaml',
        'deploy/kubernetes/redis.yaml',
        'deploy/kubernetes/envoy-sidecar.yaml',
        'deploy/kubernetes/kustomization.yaml',
      ]),
    );
    for (const file of files) {
      expect({ file: file.path, errors: file.errors }).toEqual({ file: file.path, errors: [] });
      expect(file.documents.length).toBeGreaterThan(0);
    }
  });

  it('the envoy.yaml of the sidecar ConfigMap parses too', () => {
    const configMap = kubernetesObject('ConfigMap', 'web-envoy');
    expect(() => parse((configMap.data as Yaml)['envoy.yaml'] as string) as unknown).not.toThrow();
  });

  it('kustomization.yaml lists every manifest, and only existing ones', () => {
    const [kustomization] = yamlDocuments('deploy/kubernetes/kustomization.yaml');
    const resources = kustomization.resources as string[];
    for (const resource of resources) expect(existsSync(join(KUBERNETES_DIR, resource))).toBe(true);
    const manifests = deploymentYamlFiles()
      .map((file) => file.path)
      .filter(
        (path) => path.startsWith('deploy/kubernetes/') && !path.endsWith('kustomization.yaml'),
      )
      .map((path) => path.slice('deploy/kubernetes/'.length));
    expect([...resources].sort()).toEqual(manifests.sort());
  });

  it('the image runs as a non-root user, checks its health and starts through the entrypoint', () => {
    const dockerfile = readFileSync(join(DOCKER_DIR, 'Dockerfile'), 'utf8');
    const stages = dockerfile.split('\n').filter((line) => /^FROM /.test(line));
    expect(stages.length).toBeGreaterThan(1);
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/^HEALTHCHECK /m);
    expect(final).toMatch(/^ENTRYPOINT \["\/usr\/local\/bin\/platform-entrypoint"\]/m);
    // Every file the stages copy from the context exists.
    for (const match of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const source of match[1].split(' ')) {
        expect({ source, exists: existsSync(join(PROJECT_ROOT, source)) }).toEqual({
          source,
          exists: true,
        });
      }
    }
    const entrypoint = join(DOCKER_DIR, 'entrypoint.sh');
    expect(statSync(entrypoint).mode & 0o111).not.toBe(0);
    expect(readFileSync(entrypoint, 'utf8')).toMatch(/MODULES/);
  });
});

describe('docker/compose.yaml', () => {
  const [compose] = yamlDocuments('docker/compose.yaml');
  const services = composeServices(compose);

  it('runs two instances of the service, Redis, PostgreSQL and Envoy', () => {
    expect(services.map((s) => s.name).sort()).toEqual(['platform-1', 'platform-2']);
    const all = compose.services as Record<string, Yaml>;
    expect(String(all.redis.image)).toMatch(/^redis:/);
    expect(String(all.postgres.image)).toMatch(/^postgres:/);
    expect(String(all.envoy.image)).toMatch(/^envoyproxy\/envoy:/);
    const volumes = all.envoy.volumes as string[];
    expect(volumes.some((volume) => volume.startsWith('./envoy.yaml:'))).toBe(true);
  });

  it('both instances share one counter store and one database', () => {
    const [first, second] = services.map(({ service }) => composeEnvironment(service, 'x'));
    expect(first.KVSTORE_URL).toBe(second.KVSTORE_URL);
    expect(first.DATABASE_URL).toBe(second.DATABASE_URL);
    expect(loadSettings(first).counters.backend).toBe('kvstore');
    expect(first.KVSTORE_URL).toMatch(/^redis:/);
    expect(first.DATABASE_URL).toMatch(/@postgres:5432\//);
  });

  it.each(services.map((s) => [s.name, s.service] as const))(
    '%s sets only settings the schema accepts',
    (name, service) => {
      expectKnownSettings(`compose ${name}`, composeEnvironment(service, REQUIRED_VALUE));
    },
  );

  it.each(services.map((s) => [s.name, s.service] as const))(
    '%s mounts rules that pass ratelimit-config-check',
    async (_name, service) => {
      const env = composeEnvironment(service, REQUIRED_VALUE);
      const rules = ruleDirectory(env, '/app');
      const mount = ((service.volumes ?? []) as string[])
        .map((volume) => volume.split(':'))
        .find(([, target]) => target === rules);
      // Without a mount, the image's own copy of config/ (WORKDIR /app) is used.
      const hostDir = mount
        ? resolve(DOCKER_DIR, mount[0])
        : join(PROJECT_ROOT, posix.relative('/app', rules));
      const result = await configCheck(hostDir);
      expect(result.stdout).toContain('all rate limit configs ok');
      expect(result.code).toBe(0);
    },
  );
});

describe('deploy/kubernetes', () => {
  const ours = kubernetesContainers().filter(({ container }) => isOurImage(container.image));
  const deployment = kubernetesObject('Deployment', 'ratelimit');
  const podSpec = (deployment.spec as Yaml).template as Yaml;
  const container = ((podSpec.spec as Yaml).containers as Yaml[])[0];
  const env = Object.fromEntries(
    ((container.env ?? []) as Yaml[])
      .filter((entry) => entry.value !== undefined)
      .map((entry) => [String(entry.name), String(entry.value)]),
  );

  it('the service container sets only settings the schema accepts', () => {
    expect(ours.length).toBeGreaterThan(0);
    for (const { workload, container: each } of ours) {
      const names = ((each.env ?? []) as Yaml[]).map((entry) => String(entry.name));
      const values = Object.fromEntries(
        ((each.env ?? []) as Yaml[]).map((entry) => [
          String(entry.name),
          typeof entry.value === 'string' ? entry.value : '',
        ]),
      );
      expect(names.length).toBe(new Set(names).size);
      expectKnownSettings(workload, values);
    }
  });

  it('probes /healthcheck and the gRPC health service, and terminates gracefully', () => {
    const ports = Object.fromEntries(
      (container.ports as Yaml[]).map((p) => [String(p.name), Number(p.containerPort)]),
    );
    const settings = loadSettings(env);
    expect(ports.http).toBe(settings.http.port);
    expect(ports.grpc).toBe(settings.grpc.port);
    const readiness = container.readinessProbe as Yaml;
    expect((readiness.httpGet as Yaml).path).toBe('/healthcheck');
    expect((container.startupProbe as Yaml).httpGet).toBeDefined();
    expect(((container.livenessProbe as Yaml).grpc as Yaml).port).toBe(settings.grpc.port);
    const resources = container.resources as Yaml;
    expect(resources.requests).toBeDefined();
    expect(resources.limits).toBeDefined();
    const grace = Number((podSpec.spec as Yaml).terminationGracePeriodSeconds);
    // The drain delay (health failing, listeners open) outlasts readiness's failure threshold,
    // and with the in-flight wait (SHUTDOWN_TIMEOUT) fits in the grace period.
    const { shutdownDrainDelay, shutdownTimeout } = settings.lifecycle;
    const readinessFails = Number(readiness.periodSeconds) * Number(readiness.failureThreshold);
    expect(shutdownDrainDelay).toBeGreaterThanOrEqual(readinessFails * 1000);
    expect(shutdownDrainDelay + shutdownTimeout).toBeLessThan(grace * 1000);
    expect(((container.securityContext as Yaml) ?? {}).allowPrivilegeEscalation).toBe(false);
  });

  it('the Service exposes the gRPC and HTTP ports of the Deployment', () => {
    const service = kubernetesObject('Service', 'ratelimit');
    const spec = service.spec as Yaml;
    expect(spec.selector).toEqual(((deployment.spec as Yaml).selector as Yaml).matchLabels);
    const targets = (spec.ports as Yaml[]).map((p) => p.targetPort);
    expect(targets).toEqual(expect.arrayContaining(['grpc', 'http']));
  });

  describe('the rules ConfigMap, mounted as the kubelet mounts it', () => {
    const mount = (container.volumeMounts as Yaml[]).find(
      (m) => m.mountPath === ruleDirectory(env),
    );
    const volume = ((podSpec.spec as Yaml).volumes as Yaml[]).find((v) => v.name === mount?.name);
    const configMapName = String(((volume?.configMap ?? {}) as Yaml).name);
    const files = () =>
      (kubernetesObject('ConfigMap', configMapName).data ?? {}) as Record<string, string>;
    let layout: ReturnType<typeof configMapDirectory> | undefined;
    let service: ServiceProcess | undefined;

    afterAll(async () => {
      await service?.stop();
      layout?.remove();
    });

    it('is the whole volume at RUNTIME_ROOT/SUBDIRECTORY/APPDIRECTORY in directory mode', () => {
      expect(mount).toBeDefined();
      expect(mount!.subPath).toBeUndefined();
      expect(volume?.configMap).toBeDefined();
      expect(env.RUNTIME_WATCH_ROOT).toBe('false');
      expect(env.RUNTIME_IGNOREDOTFILES).toBe('true');
      // The layout of docs/rule-reload.md and of configMapDirectory below.
      expect([env.RUNTIME_SUBDIRECTORY, env.RUNTIME_APPDIRECTORY]).toEqual(['ratelimit', 'config']);
    });

    it('carries the repository example rules unchanged', () => {
      expect(files()['example.yaml']).toBe(readFileSync(EXAMPLE_RULES, 'utf8'));
    });

    it('passes ratelimit-config-check', async () => {
      layout = configMapDirectory(files());
      const result = await configCheck(layout.directory);
      expect(result.stdout).toContain('all rate limit configs ok');
      expect(result.code).toBe(0);
    });

    it('loads in the service with the Deployment environment', async () => {
      layout ??= configMapDirectory(files());
      service = await startService({
        ...env,
        // No Redis here: the decision is the same with the memory store.
        BACKEND_TYPE: 'memory',
        KVSTORE_URL: '',
        RUNTIME_ROOT: layout.env.RUNTIME_ROOT,
      });
      const rlconfig = await (await fetch(`${service.debugUrl}/rlconfig`)).text();
      expect(rlconfig).toContain('example.api_key');
      const health = await fetch(`${service.httpUrl}/healthcheck`);
      expect(health.status).toBe(200);
    });

    describe.each([
      ['docker/envoy.yaml', () => yamlDocuments('docker/envoy.yaml')[0]],
      [
        'the envoy sidecar ConfigMap',
        () =>
          parse(
            (kubernetesObject('ConfigMap', 'web-envoy').data as Yaml)['envoy.yaml'] as string,
          ) as Yaml,
      ],
    ])('%s', (_name, load) => {
      const envoy = load();
      const { routeConfig, rateLimitFilter } = httpConnectionManager(envoy);

      it('calls the rate limit service over gRPC (HTTP/2) for the example domain', () => {
        expect(rateLimitFilter.domain).toBe(parse(files()['example.yaml']).domain);
        const clusters = ((envoy.static_resources as Yaml).clusters ?? []) as Yaml[];
        const cluster = clusters.find((c) => c.name === rateLimitFilter.cluster);
        expect(cluster).toBeDefined();
        const options = JSON.stringify(cluster!.typed_extension_protocol_options ?? {});
        expect(options).toContain('http2_protocol_options');
        expect(JSON.stringify(cluster!.load_assignment)).toContain('"port_value":8081');
      });

      const samples: {
        request: SampleRequest;
        expected: Descriptor[];
        limits: (number | undefined)[];
        sidecar?: boolean;
      }[] = [
        {
          request: {
            method: 'GET',
            path: '/news?page=2',
            headers: { 'x-api-key': 'k1' },
            remoteAddress: '203.0.113.7',
          },
          expected: [
            [{ key: 'api_key', value: 'k1' }],
            [{ key: 'remote_address', value: '203.0.113.7' }],
          ],
          limits: [20, 10],
          sidecar: true,
        },
        {
          request: {
            method: 'POST',
            path: '/login?next=%2F',
            headers: { 'x-tenant': 'trial-acme', 'x-plan': 'free' },
            remoteAddress: '203.0.113.8',
          },
          expected: [
            [{ key: 'remote_address', value: '203.0.113.8' }],
            [
              { key: 'remote_address', value: '203.0.113.8' },
              { key: 'path', value: '/login' },
            ],
            [{ key: 'tenant', value: 'trial-acme' }],
            [{ key: 'plan', value: 'free' }],
          ],
          limits: [10, 5, 1000, 100],
        },
        {
          request: { method: 'GET', path: '/healthcheck', remoteAddress: '203.0.113.9' },
          expected: [[{ key: 'destination', value: 'health' }]],
          // The whitelisted destination: matched, never limited.
          limits: [undefined],
        },
      ];

      it('produce, for sample requests, descriptors that the example rules limit', async () => {
        expect(service).toBeDefined();
        const isSidecar = !JSON.stringify(routeConfig).includes('x-tenant');
        for (const { request, expected, limits, sidecar } of samples) {
          if (isSidecar && !sidecar) continue;
          const descriptors = descriptorsFor(routeConfig, request, rateLimitFilter.stage);
          expect({ path: request.path, descriptors }).toEqual({
            path: request.path,
            descriptors: expected,
          });
          const answer = await fetch(`${service!.httpUrl}/json`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              domain: rateLimitFilter.domain,
              descriptors: descriptors.map((entries) => ({ entries })),
            }),
          });
          expect(answer.status).toBe(200);
          const body = (await answer.json()) as {
            statuses: { currentLimit?: { requestsPerUnit: number } }[];
          };
          expect({
            path: request.path,
            limits: body.statuses.map((status) => status.currentLimit?.requestsPerUnit),
          }).toEqual({ path: request.path, limits });
        }
      });
    });
  });
});
