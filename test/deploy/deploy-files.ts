import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { PROJECT_ROOT } from '../support/service-process';

/** The deployment files of docker/ and deploy/kubernetes/, read the way their tools read them. */

export const DOCKER_DIR = join(PROJECT_ROOT, 'docker');
export const KUBERNETES_DIR = join(PROJECT_ROOT, 'deploy', 'kubernetes');

/** The image the Dockerfile builds, as compose and the manifests name it. */
export const IMAGE = 'platform-service';

type Yaml = Record<string, unknown>;

export interface YamlFile {
  readonly path: string;
  readonly documents: Yaml[];
  readonly errors: string[];
}

/** Every YAML file below docker/ and deploy/, each with all its documents (`---`). */
export function deploymentYamlFiles(): YamlFile[] {
  const files = [DOCKER_DIR, join(PROJECT_ROOT, 'deploy')].flatMap((dir) => yamlFilesUnder(dir));
  return files.map((path) => {
    // Compose files use YAML merge keys (`<<: *platform`), as Compose reads them.
    const parsed = parseAllDocuments(readFileSync(path, 'utf8'), { merge: true });
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return {
      path: relative(PROJECT_ROOT, path),
      documents: list.map((document) => document.toJS() as Yaml).filter((d) => d != null),
      errors: list.flatMap((document) => document.errors.map((error) => error.message)),
    };
  });
}

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

export function yamlDocuments(path: string): Yaml[] {
  const file = deploymentYamlFiles().find((candidate) => candidate.path === path);
  if (!file) throw new Error(`${path} is missing`);
  if (file.errors.length > 0) throw new Error(`${path}: ${file.errors.join('; ')}`);
  return file.documents;
}

/**
 * Compose's variable interpolation: `${VAR:-default}` and `${VAR-default}` take the default,
 * `${VAR:?message}` and `${VAR?message}` (required) take `required`, `$$` is a literal `$`.
 */
export function interpolateCompose(value: string, required: string): string {
  return value
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?([-?])([^}]*))?\}/g, (_m, _name, kind, rest) =>
      kind === '-' ? String(rest) : required,
    )
    .replace(/\$\$/g, '$');
}

/** The services that run the image: built from docker/Dockerfile or using the image by name. */
export function composeServices(compose: Yaml): { name: string; service: Yaml }[] {
  const services = compose.services as Record<string, Yaml>;
  return Object.entries(services)
    .filter(([, service]) => service.build !== undefined || isOurImage(service.image))
    .map(([name, service]) => ({ name, service }));
}

/** A compose `environment`, as a map or as a list of `NAME=value`, interpolated. */
export function composeEnvironment(service: Yaml, required: string): Record<string, string> {
  const raw = service.environment ?? {};
  const pairs: [string, string][] = Array.isArray(raw)
    ? (raw as string[]).map((item) => {
        const at = item.indexOf('=');
        return [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries(raw as Record<string, unknown>).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : String((value as number | boolean | null) ?? ''),
      ]);
  return Object.fromEntries(
    pairs.map(([name, value]) => [name, interpolateCompose(value, required)]),
  );
}

export function isOurImage(image: unknown): boolean {
  return typeof image === 'string' && (image === IMAGE || image.startsWith(`${IMAGE}:`));
}

export interface KubernetesContainer {
  readonly file: string;
  readonly workload: string;
  readonly container: Yaml;
  readonly podSpec: Yaml;
}

/** Every container of every workload in deploy/kubernetes/. */
export function kubernetesContainers(): KubernetesContainer[] {
  return kubernetesObjects().flatMap(({ file, object }) => {
    const podSpec = ((object.spec as Yaml | undefined)?.template as Yaml | undefined)?.spec as
      Yaml | undefined;
    if (!podSpec) return [];
    const name = String((object.metadata as Yaml).name);
    return ((podSpec.containers ?? []) as Yaml[]).map((container) => ({
      file,
      workload: `${String(object.kind)}/${name}`,
      container,
      podSpec,
    }));
  });
}

export function kubernetesObjects(): { file: string; object: Yaml }[] {
  return deploymentYamlFiles()
    .filter((file) => file.path.startsWith(join('deploy', 'kubernetes')))
    .filter((file) => !file.path.endsWith('kustomization.yaml'))
    .flatMap((file) => file.documents.map((object) => ({ file: file.path, object })));
}

export function kubernetesObject(kind: string, name: string): Yaml {
  const found = kubernetesObjects().find(
    ({ object }) => object.kind === kind && (object.metadata as Yaml).name === name,
  );
  if (!found) throw new Error(`no ${kind}/${name} in deploy/kubernetes`);
  return found.object;
}
