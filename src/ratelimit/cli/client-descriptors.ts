/** One `-descriptors` occurrence: the entries of one RateLimitDescriptor, in order. */
export interface DescriptorEntries {
  readonly entries: readonly { readonly key: string; readonly value: string }[];
}

export class InvalidDescriptorList extends Error {
  override readonly name = 'InvalidDescriptorList';
}

/**
 * `k=v,k2=v2` as upstream's client reads it: split on `,`, then every pair must split on `=` into
 * exactly two parts. Empty keys and values pass; the service decides about them.
 */
export function parseDescriptor(text: string): DescriptorEntries {
  const entries = text.split(',').map((pair) => {
    const parts = pair.split('=');
    if (parts.length !== 2) {
      throw new InvalidDescriptorList(
        `invalid value ${JSON.stringify(text)} for flag -descriptors: invalid descriptor list`,
      );
    }
    return { key: parts[0], value: parts[1] };
  });
  return { entries };
}

/** `[<key=a, value=1>, <key=b, value=2>] [<key=c, value=3>]`: one bracket per descriptor. */
export function formatDescriptors(descriptors: readonly DescriptorEntries[]): string {
  return descriptors
    .map(({ entries }) => {
      const shown = entries.map(({ key, value }) => `<key=${key}, value=${value}>`);
      return `[${shown.join(', ')}]`;
    })
    .join(' ');
}
