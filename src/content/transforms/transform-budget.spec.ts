import { TransformArgumentError } from './transform-argument-error';
import { TransformBudget } from './transform-budget';

describe('TransformBudget', () => {
  it('admits new transforms up to its count', () => {
    const budget = new TransformBudget(2, 0);
    budget.admit();
    budget.admit();
    expect(() => budget.admit()).toThrow(TransformArgumentError);
  });

  it('admits new transforms until their output reaches its bytes', () => {
    const budget = new TransformBudget(0, 1000);
    budget.admit();
    budget.charge(999);
    budget.admit();
    budget.charge(1);
    expect(() => budget.admit()).toThrow(
      'This request has generated 1000 bytes of image transforms, the most one request may; ask again for the others',
    );
  });

  it('0 turns a bound off', () => {
    const budget = new TransformBudget(0, 0);
    for (let i = 0; i < 1000; i++) {
      budget.admit();
      budget.charge(1e9);
    }
  });
});
