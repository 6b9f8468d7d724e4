/**
 * Every kind of content element (the `kind` column of `content_elements`): the one list of them.
 * Code names a kind as `ElementKinds.entry`, never as a string; a switch over an `ElementKind`
 * must handle every kind (the linter's switch-exhaustiveness-check), so adding one here is an
 * error everywhere it must be handled.
 */
export const ElementKinds = {
  entry: 'entry',
  asset: 'asset',
  user: 'user',
  category: 'category',
  tag: 'tag',
  globalSet: 'globalset',
  matrixBlock: 'matrixblock',
} as const;

export type ElementKind = (typeof ElementKinds)[keyof typeof ElementKinds];

/** Every element kind, in the registry's order. */
export const ELEMENT_KINDS: readonly ElementKind[] = Object.values(ElementKinds);
