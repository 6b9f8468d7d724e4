import type { ValidationError } from 'class-validator';

/** What a constraint's `context` may say about its failure. */
export interface FailureContext {
  /**
   * Failures of a lower rank are answered first (default 0). It orders checks the way the API
   * we imitate orders them, e.g. every type error of a body before any field's own check.
   */
  readonly rank?: number;
}

/** One failed constraint of a validated DTO. */
export interface ConstraintFailure {
  /** Dotted path of the property (`permissions.1.teamId`; '' for the value itself). */
  readonly path: string;
  /** class-validator's constraint name (`isString`, `whitelistValidation`, ...). */
  readonly constraint: string;
  /** The constraint's message. */
  readonly message: string;
  /** The `context` option the constraint was declared with. */
  readonly context: Readonly<Record<string, unknown>> | undefined;
  /** The object the property belongs to (present when validated with `target: true`). */
  readonly target: object | undefined;
}

/**
 * Every failed constraint, in the order class-validator reports them: properties in declaration
 * order (unknown properties first), each property's constraints in the order they ran, a nested
 * object's failures right after its parent's own.
 */
export function constraintFailures(
  errors: readonly ValidationError[],
  parentPath = '',
): ConstraintFailure[] {
  const failures: ConstraintFailure[] = [];
  for (const error of errors) {
    const path = parentPath === '' ? error.property : `${parentPath}.${error.property}`;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      failures.push({
        path,
        constraint,
        message,
        context: error.contexts?.[constraint] as Record<string, unknown> | undefined,
        target: error.target,
      });
    }
    failures.push(...constraintFailures(error.children ?? [], path));
  }
  return failures;
}

export function rankOf(failure: ConstraintFailure): number {
  const rank = (failure.context as FailureContext | undefined)?.rank;
  return typeof rank === 'number' ? rank : 0;
}

/** The failure to answer: the lowest rank, the first reported among equals. */
export function firstFailure(errors: readonly ValidationError[]): ConstraintFailure | undefined {
  let first: ConstraintFailure | undefined;
  for (const failure of constraintFailures(errors)) {
    if (first === undefined || rankOf(failure) < rankOf(first)) first = failure;
  }
  return first;
}
