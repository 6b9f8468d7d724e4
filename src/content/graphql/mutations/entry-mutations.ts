import type { GraphQLObjectType } from 'graphql';
import type { EntryType, Field, Section } from '../../model/content-model';
import type { ElementRecord } from '../../store/element-record';
import type { IdentifiedElement } from '../../store/write/element-lookups';
import type { GraphqlArgs } from '../graphql-request-context';
import type { SchemaScope } from '../schema/schema-scope';
import type { SchemaTypes } from '../schema/schema-types';
import { entryArguments, structureArguments } from './arguments';
import { mutationError, requireAction } from './errors';
import { savableEntryTypes } from './permissions';
import { elementId, elementKey, type MutationField, readSites, saveSite } from './support';
import { structurePlacement } from './structure-placement';
import { saveInput, saveMutationField } from './save-mutation';
import type { ContentMutations } from './content-mutations';
import { ElementKinds } from '../../model/element-kinds';

/**
 * `save_<section>_<type>_Entry` for every entry type the scope may create or save entries of
 * (Craft 4, and Craft 5 with its entry type handle). Returns the saved entry as its concrete type.
 */
export function entrySaveMutations(
  types: SchemaTypes,
  objects: ReadonlyMap<string, GraphQLObjectType>,
): Record<string, MutationField> {
  const fields: Record<string, MutationField> = {};
  for (const section of types.scope.sections) {
    for (const type of savableEntryTypes(types.scope, section)) {
      const object = objects.get(types.entryTypeName(section, type));
      if (object === undefined) continue;
      const single = section.type === 'single';
      const builtIn = {
        ...entryArguments(types, single),
        ...(section.type === 'structure' && structureArguments()),
      };
      fields[`save_${section.handle}_${types.entryTypeHandle(type)}_Entry`] = saveMutationField(
        types,
        object,
        type.fields,
        builtIn,
        single
          ? `Save the “${type.name}” entry.`
          : `Save a “${type.name}” entry in the “${section.name}” section.`,
        (layout, args, _context, mutations) =>
          saveEntry({ scope: types.scope, section, type, layout }, args, mutations),
      );
    }
  }
  return fields;
}

interface EntryTarget {
  readonly scope: SchemaScope;
  readonly section: Section;
  readonly type: EntryType;
  /** The custom fields exposed as arguments. */
  readonly layout: readonly Field[];
}

/**
 * Craft's entry save: an entry named by `uid` or `id` (a single's one entry) is updated and needs
 * `save`; otherwise a new one is created and needs `create`. The entry must exist in the site
 * saved in and belong to the mutation's section; its type may change.
 */
async function saveEntry(
  { scope, section, type, layout }: EntryTarget,
  args: GraphqlArgs,
  mutations: ContentMutations,
): Promise<ElementRecord | null> {
  const single = section.type === 'single';
  const key = single ? undefined : elementKey(args);
  const identifies = single || key !== undefined;
  requireAction(scope, 'entrytypes', type.uid, identifies ? 'save' : 'create');
  const site = saveSite(scope, args, !identifies);
  let existing: IdentifiedElement | undefined;
  if (identifies) {
    if (single) {
      const one = await mutations.lookups.single(section.id);
      existing = one === undefined ? undefined : await mutations.lookups.element({ id: one.id });
    } else existing = await mutations.lookups.element(key!);
    if (existing?.kind !== ElementKinds.entry || !existing.siteIds.includes(site.siteId)) {
      throw mutationError('No such entry exists');
    }
    if (existing.containerId !== section.id) {
      throw mutationError('Impossible to change the section of an existing entry');
    }
  }
  const { content, others } = await saveInput(
    mutations,
    args,
    layout,
    site,
    existing?.id,
    async (problems) => ({
      authorId: optionalId(args.authorId, 'authorId', problems),
      authorIds: optionalIds(args.authorsIds, 'authorsIds', problems),
      placement:
        section.type === 'structure'
          ? await structurePlacement(args, mutations.lookups)
          : undefined,
    }),
  );
  const { authorId, authorIds, placement } = others;
  const saved = await mutations.write(
    () =>
      mutations.writer.saveEntry({
        ...content,
        sectionId: section.id,
        typeId: type.id,
        uid: existing?.uid,
        ...(authorId !== undefined && { authorId }),
        ...(authorIds !== undefined && { authorIds }),
        ...(args.postDate !== undefined && { postDate: args.postDate as Date | null }),
        ...(args.expiryDate !== undefined && { expiryDate: args.expiryDate as Date | null }),
        ...(placement !== undefined && { placement }),
      }),
    (done) => [{ id: done.id, kind: ElementKinds.entry, containerId: section.id }],
  );
  return mutations.read(ElementKinds.entry, saved.id, section.id, readSites(scope, site.siteId));
}

/** An optional element id argument: undefined when absent, null to clear it. */
/** A list of element ids (`authorsIds`); null clears. GraphQL has made a single id a list. */
function optionalIds(
  value: unknown,
  name: string,
  problems: string[],
): number[] | null | undefined {
  if (value === undefined || value === null) return value;
  const ids: number[] = [];
  for (const [index, item] of (value as unknown[]).entries()) {
    const id = item === null ? undefined : elementId(item);
    if (id === undefined) {
      problems.push(`${name}[${index}]: expected an element id, got ${JSON.stringify(item)}`);
    } else ids.push(id);
  }
  return ids;
}

export function optionalId(
  value: unknown,
  name: string,
  problems: string[],
): number | null | undefined {
  if (value === undefined || value === null) return value;
  const id = elementId(value);
  if (id === undefined) {
    problems.push(`${name}: expected an element id, got ${JSON.stringify(value)}`);
  }
  return id;
}
