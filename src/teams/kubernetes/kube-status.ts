/** The API group and version of the teams resource, and its names. */
export const IAM_GROUP = 'iam.grafana.app';
export const IAM_VERSION = 'v0alpha1';
export const IAM_GROUP_VERSION = `${IAM_GROUP}/${IAM_VERSION}`;
export const TEAMS_RESOURCE = 'teams';
const QUALIFIED = `${TEAMS_RESOURCE}.${IAM_GROUP}`;

export type StatusReason =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'MethodNotAllowed'
  | 'UnsupportedMediaType'
  | 'RequestEntityTooLarge'
  | 'InternalError';

export interface StatusCause {
  readonly reason: string;
  readonly message: string;
  readonly field: string;
}

/** What `body` returns. */
export interface StatusBody {
  code: number;
  details?:
    | {
        readonly name?: string;
        readonly group?: string;
        readonly kind?: string;
        readonly causes?: readonly StatusCause[];
      }
    | undefined;
  kind: string;
  apiVersion: string;
  metadata: Record<string, never>;
  status: string;
  message: string;
  reason: StatusReason;
}

/**
 * A Kubernetes `Status` failure (metav1.Status), the error body of every `/apis` answer, with
 * the messages the Kubernetes API server writes for each reason.
 */
export class KubeStatusError extends Error {
  constructor(
    readonly code: number,
    readonly reason: StatusReason,
    message: string,
    readonly details?: {
      readonly name?: string;
      readonly group?: string;
      readonly kind?: string;
      readonly causes?: readonly StatusCause[];
    },
  ) {
    super(message);
    this.name = 'KubeStatusError';
  }

  get body(): StatusBody {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(this.details === undefined ? {} : { details: this.details }),
      code: this.code,
    };
  }

  static badRequest(message: string): KubeStatusError {
    return new KubeStatusError(400, 'BadRequest', message);
  }

  static unauthorized(): KubeStatusError {
    return new KubeStatusError(401, 'Unauthorized', 'Unauthorized');
  }

  static forbidden(verb: string, namespace: string, reason: string): KubeStatusError {
    return new KubeStatusError(
      403,
      'Forbidden',
      `${QUALIFIED} is forbidden: User cannot ${verb} resource "${TEAMS_RESOURCE}" in API group "${IAM_GROUP}" in the namespace "${namespace}": ${reason}`,
    );
  }

  static notFound(name: string): KubeStatusError {
    return new KubeStatusError(404, 'NotFound', `${QUALIFIED} "${name}" not found`, {
      name,
      group: IAM_GROUP,
      kind: TEAMS_RESOURCE,
    });
  }

  static alreadyExists(name: string): KubeStatusError {
    return new KubeStatusError(409, 'AlreadyExists', `${QUALIFIED} "${name}" already exists`, {
      name,
      group: IAM_GROUP,
      kind: TEAMS_RESOURCE,
    });
  }

  static conflict(name: string, why: string): KubeStatusError {
    return new KubeStatusError(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${QUALIFIED} "${name}": ${why}`,
      { name, group: IAM_GROUP, kind: TEAMS_RESOURCE },
    );
  }

  /** The optimistic concurrency failure of an update with a stale `metadata.resourceVersion`. */
  static modified(name: string): KubeStatusError {
    return KubeStatusError.conflict(
      name,
      'the object has been modified; please apply your changes to the latest version and try again',
    );
  }

  /** 422: the object is well-formed JSON but a field is wrong. */
  static invalid(name: string, causes: readonly StatusCause[]): KubeStatusError {
    const list = causes.map((cause) => `${cause.field}: ${cause.message}`).join(', ');
    return new KubeStatusError(
      422,
      'Invalid',
      `Team.${IAM_GROUP} "${name}" is invalid: ${causes.length > 1 ? `[${list}]` : list}`,
      { name, group: IAM_GROUP, kind: 'Team', causes },
    );
  }

  static internal(): KubeStatusError {
    return new KubeStatusError(500, 'InternalError', 'Internal error occurred');
  }
}

/** What `deletedStatus` returns. */
export interface DeletedStatus {
  kind: string;
  apiVersion: string;
  metadata: Record<string, never>;
  status: string;
  details: { name: string; group: string; kind: string; uid: string };
}

/** `Status` of a successful delete. */
export function deletedStatus(name: string, uid: string): DeletedStatus {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name, group: IAM_GROUP, kind: TEAMS_RESOURCE, uid },
  };
}
