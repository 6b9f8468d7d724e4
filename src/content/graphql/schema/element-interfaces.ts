import { GraphQLInterfaceType } from 'graphql';
import type { ElementKind } from '../../model/element-kinds';
import type { ElementSource } from '../graphql-request-context';
import { assetFields } from './asset-fields';
import { elementFields } from './element-fields';
import { entryFields } from './entry-fields';
import type { ElementFieldMap } from './field-maps';
import {
  categoryFields,
  globalSetFields,
  matrixBlockFields,
  tagFields,
} from './group-element-fields';
import type { SchemaTypes } from './schema-types';
import { INTERFACE_NAMES } from './type-names';
import { userFields } from './user-fields';

const KIND_FIELDS: Record<ElementKind, (types: SchemaTypes) => ElementFieldMap> = {
  entry: entryFields,
  asset: assetFields,
  user: userFields,
  category: categoryFields,
  tag: tagFields,
  globalset: globalSetFields,
  matrixblock: matrixBlockFields,
};

const DESCRIPTIONS: Record<ElementKind, string> = {
  entry: 'This is the interface implemented by all entries.',
  asset: 'This is the interface implemented by all assets.',
  user: 'This is the interface implemented by all users.',
  category: 'This is the interface implemented by all categories.',
  tag: 'This is the interface implemented by all tags.',
  globalset: 'This is the interface implemented by all global sets.',
  matrixblock: 'This is the interface implemented by all matrix blocks.',
};

/**
 * The element interfaces. A kind's interface is created the first time something refers to it
 * (a root field, a relation field, a concrete type), so a schema whose scope cannot read a kind
 * does not show its interface. Kind interfaces implement `ElementInterface`; runtime types are
 * resolved from the record (see SchemaTypes.runtimeName).
 */
export function registerInterfaces(types: SchemaTypes): void {
  const resolveType = (value: ElementSource) => types.runtimeName(value);
  const element = () =>
    types.named(
      INTERFACE_NAMES.element,
      () =>
        new GraphQLInterfaceType({
          name: INTERFACE_NAMES.element,
          description: 'This is the interface implemented by all elements.',
          fields: () => elementFields(types),
          resolveType,
        }),
    );
  const fieldMaps = new Map<ElementKind, ElementFieldMap>();
  const fieldsOf = (kind: ElementKind): ElementFieldMap => {
    let fields = fieldMaps.get(kind);
    if (fields === undefined) fieldMaps.set(kind, (fields = KIND_FIELDS[kind](types)));
    return fields;
  };
  types.registerElementInterface(element, fieldsOf);
  for (const kind of Object.keys(KIND_FIELDS) as ElementKind[]) {
    types.registerInterface(kind, () =>
      types.named(
        INTERFACE_NAMES[kind],
        () =>
          new GraphQLInterfaceType({
            name: INTERFACE_NAMES[kind],
            description: DESCRIPTIONS[kind],
            interfaces: () => [element()],
            fields: () => fieldsOf(kind),
            resolveType,
          }),
      ),
    );
  }
}
