import { ValidationError } from 'class-validator';
import { constraintFailures, firstFailure } from './validation-failures';

function error(
  property: string,
  constraints: Record<string, string>,
  contexts?: Record<string, object>,
  children: ValidationError[] = [],
): ValidationError {
  return Object.assign(new ValidationError(), { property, constraints, contexts, children });
}

describe('validation failures', () => {
  const errors = [
    error('name', { isString: 'name must be a string' }),
    error('permissions', {}, undefined, [
      error('0', {}, undefined, [
        error('teamId', { equals: 'teams' }, { equals: { rank: 1 } }),
        error('userId', { isInt: 'userId must be an integer' }),
      ]),
    ]),
  ];

  it('lists every failed constraint with its path, in the order class-validator reports them', () => {
    expect(constraintFailures(errors).map((failure) => [failure.path, failure.constraint])).toEqual(
      [
        ['name', 'isString'],
        ['permissions.0.teamId', 'equals'],
        ['permissions.0.userId', 'isInt'],
      ],
    );
  });

  it('answers the lowest rank first, the first reported among equals', () => {
    expect(firstFailure(errors)).toMatchObject({ path: 'name', constraint: 'isString' });
    expect(firstFailure(errors.slice(1))).toMatchObject({ path: 'permissions.0.userId' });
    expect(firstFailure([error('x', { a: 'a' }, { a: { rank: 2 } })])).toMatchObject({
      context: { rank: 2 },
      message: 'a',
    });
    expect(firstFailure([])).toBeUndefined();
  });
});
