import { createHash } from 'node:crypto';
import { containsNul } from '../../infra/http/validation/unstorable-text';
import type { TeamRow } from '../store/teams.repository';
import { IAM_GROUP_VERSION, KubeStatusError, StatusCause } from './kube-status';

/** A member as the `/apis` object lists it: the user's uid and a permission name. */
export interface TeamObjectMember {
  readonly userUid: string;
  readonly admin: boolean;
}

/** Output-only metadata: the `/api` id and the last update, as Grafana's legacy storage adds. */
export const INTERNAL_ID_LABEL = 'grafana.app/deprecatedInternalID';
export const UPDATED_ANNOTATION = 'grafana.app/updatedTimestamp';

/** RFC 3339 to the second, as Kubernetes writes metav1.Time. */
function kubeTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/**
 * The object's `metadata.uid`: stable for a team (a name-based UUID of its org and uid), so a
 * client comparing uids sees the same object across reads.
 */
export function objectUid(team: TeamRow): string {
  const hex = createHash('sha1').update(`${IAM_GROUP_VERSION}/teams/${team.orgId}/${team.uid}`);
  const h = hex.digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A team as the `/apis/iam.grafana.app` resource (what `teamObject` returns). */
export interface TeamObject {
  kind: string;
  apiVersion: string;
  metadata: {
    name: string;
    namespace: string;
    uid: string;
    resourceVersion: string;
    creationTimestamp: string;
    labels: { 'grafana.app/deprecatedInternalID': string };
    annotations: { 'grafana.app/updatedTimestamp': string };
  };
  spec: {
    title: string;
    email: string;
    provisioned: boolean;
    externalUID: string;
    members: { kind: string; name: string; permission: string; external: boolean }[];
    externalGroups: string[];
  };
}

/** Grafana's `Team` object (apps/iam kind, v0alpha1) for a team of the store. */
export function teamObject(
  team: TeamRow,
  members: readonly TeamObjectMember[],
  groups: readonly string[],
  namespace: string,
): TeamObject {
  const labels = { ...team.labels, [INTERNAL_ID_LABEL]: String(team.id) };
  return {
    kind: 'Team',
    apiVersion: IAM_GROUP_VERSION,
    metadata: {
      name: team.uid,
      namespace,
      uid: objectUid(team),
      resourceVersion: String(team.resourceVersion),
      creationTimestamp: kubeTime(team.createdAt),
      labels,
      annotations: { ...team.annotations, [UPDATED_ANNOTATION]: kubeTime(team.updatedAt) },
    },
    spec: {
      title: team.name,
      email: team.email,
      provisioned: team.isProvisioned,
      externalUID: team.externalUid,
      members: members.map((member) => ({
        kind: 'User',
        name: member.userUid,
        permission: member.admin ? 'admin' : 'member',
        external: false,
      })),
      externalGroups: [...groups],
    },
  };
}

/** A page of teams as the resource lists them. */
export interface TeamList {
  kind: string;
  apiVersion: string;
  metadata: { continue?: string; resourceVersion: string };
  items: TeamObject[];
}

/** What a create, replace or patch asks for, checked. */
export interface TeamInput {
  readonly name?: string;
  readonly generateName?: string;
  readonly resourceVersion?: string;
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
  readonly title: string;
  readonly email: string;
  readonly members: readonly { readonly userUid: string; readonly admin: boolean }[];
  readonly externalGroups: readonly string[];
}

const MAX_NAME_LENGTH = 40;
const MAX_TEXT_LENGTH = 190;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Kubernetes' decode error: the body does not have the object's JSON types. */
function undecodable(detail: string): KubeStatusError {
  return KubeStatusError.badRequest(
    `Team in version "v0alpha1" cannot be handled as a Team: ${detail}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optional<T>(
  container: Record<string, unknown>,
  key: string,
  path: string,
  check: (value: unknown) => value is T,
  type: string,
): T | undefined {
  const value = container[key];
  if (value === undefined || value === null) return undefined;
  if (!check(value)) {
    throw undecodable(
      `json: cannot unmarshal ${JSON.stringify(value)} into ${path} of type ${type}`,
    );
  }
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

function stringMap(
  container: Record<string, unknown>,
  key: string,
  path: string,
): Record<string, string> {
  const value = optional(container, key, path, isObject, 'map[string]string') ?? {};
  for (const [entry, text] of Object.entries(value)) {
    if (typeof text !== 'string') {
      throw undecodable(
        `json: cannot unmarshal ${JSON.stringify(text)} into ${path}.${entry} of type string`,
      );
    }
  }
  const map = { ...(value as Record<string, string>) };
  // Output-only keys are not stored.
  delete map[INTERNAL_ID_LABEL];
  delete map[UPDATED_ANNOTATION];
  return map;
}

/**
 * Reads a request's Team object: JSON types first (400, as Kubernetes' decoder), then the
 * object's rules (422 Invalid with one cause per problem). `namespace` is the request's; an
 * object naming another is refused, as the API server does.
 */
export function parseTeamInput(body: unknown, namespace: string): TeamInput {
  if (!isObject(body)) throw undecodable('the body must be a JSON object');
  // No column can hold a NUL: refused as bad input rather than failing in the database.
  if (containsNul(body)) throw undecodable('a string holds a NUL character');
  const apiVersion = optional(body, 'apiVersion', 'apiVersion', isString, 'string');
  const kind = optional(body, 'kind', 'kind', isString, 'string');
  if (apiVersion !== undefined && apiVersion !== '' && apiVersion !== IAM_GROUP_VERSION) {
    throw KubeStatusError.badRequest(
      `the API version in the data (${apiVersion}) does not match the expected API version (${IAM_GROUP_VERSION})`,
    );
  }
  if (kind !== undefined && kind !== '' && kind !== 'Team') {
    throw KubeStatusError.badRequest(
      `the kind in the data (${kind}) does not match the expected kind (Team)`,
    );
  }
  const metadata = optional(body, 'metadata', 'metadata', isObject, 'ObjectMeta') ?? {};
  const spec = optional(body, 'spec', 'spec', isObject, 'TeamSpec') ?? {};
  const objectNamespace = optional(metadata, 'namespace', 'metadata.namespace', isString, 'string');
  if (objectNamespace !== undefined && objectNamespace !== '' && objectNamespace !== namespace) {
    throw KubeStatusError.badRequest(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
  const name = optional(metadata, 'name', 'metadata.name', isString, 'string');
  const members = decodeMembers(spec);
  const rawGroups =
    optional(spec, 'externalGroups', 'spec.externalGroups', isArray, '[]string') ?? [];
  const externalGroups = rawGroups.map((group, index) => {
    if (typeof group !== 'string') {
      throw undecodable(
        `json: cannot unmarshal ${JSON.stringify(group)} into spec.externalGroups[${index}] of type string`,
      );
    }
    return group;
  });
  const input: TeamInput = {
    name: name === '' ? undefined : name,
    generateName: optional(metadata, 'generateName', 'metadata.generateName', isString, 'string'),
    resourceVersion: optional(
      metadata,
      'resourceVersion',
      'metadata.resourceVersion',
      isString,
      'string',
    ),
    labels: stringMap(metadata, 'labels', 'metadata.labels'),
    annotations: stringMap(metadata, 'annotations', 'metadata.annotations'),
    title: optional(spec, 'title', 'spec.title', isString, 'string') ?? '',
    email: optional(spec, 'email', 'spec.email', isString, 'string') ?? '',
    members: members.map((member) => ({
      userUid: member.name,
      admin: member.permission === 'admin',
    })),
    externalGroups,
  };
  // provisioned, externalUID: typed above only through spec's own decode; they are read-only here.
  optional(spec, 'provisioned', 'spec.provisioned', isBoolean, 'bool');
  optional(spec, 'externalUID', 'spec.externalUID', isString, 'string');

  const causes = inputCauses(input, members, externalGroups);
  if (causes.length > 0) {
    throw KubeStatusError.invalid(input.name ?? input.generateName ?? '', causes);
  }
  return input;
}

/** A member as the request spells it, before its rules are checked. */
interface MemberInput {
  readonly kind: string;
  readonly name: string;
  readonly permission: string;
  readonly external: boolean;
}

/** `spec.members`, JSON types checked (400 as Kubernetes' decoder). */
function decodeMembers(spec: Record<string, unknown>): MemberInput[] {
  const rawMembers = optional(spec, 'members', 'spec.members', isArray, '[]TeamTeamMember') ?? [];
  return rawMembers.map((member, index) => {
    const path = `spec.members[${index}]`;
    if (!isObject(member)) {
      throw undecodable(
        `json: cannot unmarshal ${JSON.stringify(member)} into ${path} of type TeamTeamMember`,
      );
    }
    return {
      kind: optional(member, 'kind', `${path}.kind`, isString, 'string') ?? '',
      name: optional(member, 'name', `${path}.name`, isString, 'string') ?? '',
      permission: optional(member, 'permission', `${path}.permission`, isString, 'string') ?? '',
      external: optional(member, 'external', `${path}.external`, isBoolean, 'bool') ?? false,
    };
  });
}

/** The object's rules: one cause per problem (422 Invalid when any). */
function inputCauses(
  input: TeamInput,
  members: readonly MemberInput[],
  externalGroups: readonly string[],
): StatusCause[] {
  const causes: StatusCause[] = [];
  if (input.name !== undefined && (input.name.length > MAX_NAME_LENGTH || !NAME.test(input.name))) {
    causes.push({
      reason: 'FieldValueInvalid',
      field: 'metadata.name',
      message: `Invalid value: ${JSON.stringify(input.name)}: at most ${MAX_NAME_LENGTH} letters, digits, '.', '_' or '-', starting with a letter or digit`,
    });
  }
  if (input.title === '') {
    causes.push({ reason: 'FieldValueRequired', field: 'spec.title', message: 'Required value' });
  } else if (input.title.length > MAX_TEXT_LENGTH) {
    causes.push({
      reason: 'FieldValueTooLong',
      field: 'spec.title',
      message: `Too long: may not be more than ${MAX_TEXT_LENGTH} bytes`,
    });
  }
  if (input.email.length > MAX_TEXT_LENGTH) {
    causes.push({
      reason: 'FieldValueTooLong',
      field: 'spec.email',
      message: `Too long: may not be more than ${MAX_TEXT_LENGTH} bytes`,
    });
  }
  const seen = new Set<string>();
  members.forEach((member, index) => {
    const path = `spec.members[${index}]`;
    if (member.kind !== 'User') {
      causes.push({
        reason: 'FieldValueNotSupported',
        field: `${path}.kind`,
        message: `Unsupported value: ${JSON.stringify(member.kind)}: supported values: "User"`,
      });
    }
    if (member.name === '') {
      causes.push({
        reason: 'FieldValueRequired',
        field: `${path}.name`,
        message: 'Required value',
      });
    } else if (seen.has(member.name)) {
      causes.push({
        reason: 'FieldValueDuplicate',
        field: `${path}.name`,
        message: `Duplicate value: ${JSON.stringify(member.name)}`,
      });
    }
    seen.add(member.name);
    if (member.permission !== 'admin' && member.permission !== 'member') {
      causes.push({
        reason: 'FieldValueNotSupported',
        field: `${path}.permission`,
        message: `Unsupported value: ${JSON.stringify(member.permission)}: supported values: "admin", "member"`,
      });
    }
  });
  externalGroups.forEach((group, index) => {
    if (group === '' || group.length > MAX_TEXT_LENGTH) {
      causes.push({
        reason: 'FieldValueInvalid',
        field: `spec.externalGroups[${index}]`,
        message: `Invalid value: ${JSON.stringify(group)}`,
      });
    }
  });
  if (new Set(externalGroups).size !== externalGroups.length) {
    causes.push({
      reason: 'FieldValueDuplicate',
      field: 'spec.externalGroups',
      message: 'Duplicate value',
    });
  }
  return causes;
}

/** RFC 7386 JSON merge patch. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}
