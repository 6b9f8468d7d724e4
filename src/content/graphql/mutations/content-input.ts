import type { Field } from '../../model/content-model';
import type { ElementContentInput, SiteContentInput } from '../../store/write/write-input';
import type { GraphqlArgs } from '../graphql-request-context';
import { type ExistingBlock, matrixBlocks } from './matrix-input';
import type { SaveSite } from './save-site';
import { asMatrixInput } from './nested-element-input';
import { holdsNestedElements } from '../../model/field-types';

/** The matrix blocks an owner has now, per matrix field (none for a new element). */
export type BlockSource = (field: Field) => Promise<readonly ExistingBlock[]>;

/**
 * The writer's content input from a save mutation's arguments (`title`, `slug`, `enabled` and the
 * custom fields of `layout`, which holds only the fields exposed as arguments), saved as Craft
 * saves in one site (save-site.ts). `enabled` with an explicit `siteId` enables the element in
 * that site (and the element itself when true), as Craft's entry resolver does. Problems (matrix
 * input) go to `problems`; values themselves are validated by the writer.
 */
export async function contentInput(
  args: GraphqlArgs,
  layout: readonly Field[],
  site: SaveSite,
  existingBlocks: BlockSource,
  problems: string[],
): Promise<ElementContentInput> {
  const common: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const field of layout) {
    const value = args[field.handle];
    if (value === undefined) continue;
    if (holdsNestedElements(field.type)) {
      const existing = site.creating ? [] : await existingBlocks(field);
      const input = asMatrixInput(field, value, existing);
      common[field.handle] = matrixBlocks(field, input, existing, site, problems);
    } else if (!site.creating && field.translatable) own[field.handle] = value;
    else common[field.handle] = value;
  }

  const content: { -readonly [K in keyof ElementContentInput]?: ElementContentInput[K] } = {};
  const siteContent: { -readonly [K in keyof SiteContentInput]?: SiteContentInput[K] } = {};
  const title = text(args.title);
  const slug = text(args.slug);
  if (title !== undefined) (site.creating ? content : siteContent).title = title;
  if (slug !== undefined) (site.creating ? content : siteContent).slug = slug;
  if (typeof args.enabled === 'boolean') {
    if (site.explicit) {
      siteContent.enabled = args.enabled;
      if (args.enabled) content.enabled = true;
    } else content.enabled = args.enabled;
  }
  if (Object.keys(own).length > 0) siteContent.fields = own;
  if (Object.keys(common).length > 0) content.fields = common;
  if (Object.keys(siteContent).length > 0) {
    content.sites = new Map<number, SiteContentInput>([[site.siteId, siteContent]]);
  }
  return content;
}

/** A text argument: undefined when absent, null when explicitly null. */
function text(value: unknown): string | null | undefined {
  return typeof value === 'string' || value === null ? value : undefined;
}
