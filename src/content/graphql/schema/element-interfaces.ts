import { GraphQLInterfaceType } from 'graphql';
import type { ElementKind } from '../../model/element-kinds';
import type { ElementSource } from '../graphql-request-context';
import { assetFields } from './asset-fields';
import { baseDescription, interfaceFields } from './base-declarations';
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
 * resolved from the record (see SchemaTypes.runtimeName). With the code-first base, descriptions
 * and the static fields' declarations are the base's (code-first/element.interfaces.ts).
 */
export function registerInterfaces(types: SchemaTypes): void {
  const resolveType = (value: ElementSource) => types.runtimeName(value);
  const element = () =>
    types.named(
      INTERFACE_NAMES.element,
      () =>
        new GraphQLInterfaceType({
          name: INTERFACE_NAMES.element,
          description: baseDescription(
            types.base,
            INTERFACE_NAMES.element,
            'This is the interface implemented by all elements.',
          ),
          fields: () =>
            interfaceFields(
              elementFields(types),
              types.base?.interfaceType(INTERFACE_NAMES.element),
            ),
          resolveType,
        }),
    );
  const fieldMaps = new Map<ElementKind, ElementFieldMap>();
  const fieldsOf = (kind: ElementKind): ElementFieldMap => {
    let fields = fieldMaps.get(kind);
    if (fields === undefined) {
      fields = interfaceFields(
        KIND_FIELDS[kind](types),
        types.base?.interfaceType(INTERFACE_NAMES[kind]),
      );
      fieldMaps.set(kind, fields);
    }
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
            description: baseDescription(types.base, INTERFACE_NAMES[kind], DESCRIPTIONS[kind]),
            interfaces: () => [element()],
            fields: () => fieldsOf(kind),
            resolveType,
          }),
      ),
    );
  }
}
