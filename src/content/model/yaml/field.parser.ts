import { suggestion } from './did-you-mean';
import {
  TABLE_COLUMN_TYPES,
  type FieldOption,
  type RangeSettings,
  type TableColumn,
} from '../content-model';
import type { FieldType } from '../field-types';
import {
  FIELD_TYPES,
  holdsNestedElements,
  LINK_TYPES,
  type LinkType,
  RELATION_FIELD_TYPES,
} from '../field-types';
import { ADDRESS_ATTRIBUTES, ADDRESS_BLOCK_TYPE } from '../nested-element-fields';
import { ITEM_KEYS, parseItemBase } from './item.parser';
import { at, type ModelProblems, type Where } from './problems';
import type { ParsedBlockType, ParsedField } from './parsed-model';
import { quote, YamlMap, type Located } from './yaml-map';

const OPTION_TYPES: readonly FieldType[] = [
  'dropdown',
  'radioButtons',
  'buttonGroup',
  'checkboxes',
  'multiSelect',
];
const SINGLE_CHOICE_TYPES: readonly FieldType[] = ['dropdown', 'radioButtons', 'buttonGroup'];

const COMMON_KEYS = [...ITEM_KEYS, 'type', 'instructions', 'translatable'];

/** The type settings each field type accepts on top of the common keys. */
function settingKeys(type: FieldType | undefined): string[] {
  if (type === undefined) {
    return [
      'decimals',
      'currency',
      'types',
      'fullGraphqlData',
      'options',
      'sources',
      'limit',
      'blockTypes',
      'entryTypes',
      'columns',
      'fields',
      'min',
      'max',
      'step',
    ];
  }
  if (type === 'number') return ['decimals'];
  if (type === 'money') return ['currency'];
  if (type === 'link') return ['types', 'fullGraphqlData'];
  if (OPTION_TYPES.includes(type)) return ['options'];
  if ((RELATION_FIELD_TYPES as readonly string[]).includes(type)) return ['sources', 'limit'];
  if (type === 'matrix') return ['blockTypes', 'entryTypes'];
  if (type === 'table') return ['columns'];
  if (type === 'contentBlock') return ['fields'];
  if (type === 'range') return ['min', 'max', 'step'];
  return [];
}

/**
 * One field definition: a global field, or (`inBlockType`) a matrix block type's own field, which
 * has the same form but cannot itself be a matrix.
 */
export function parseField(
  value: unknown,
  where: Where,
  problems: ModelProblems,
  inBlockType = false,
): ParsedField | undefined {
  const type = peekType(value, where, problems);
  const map = YamlMap.open(value, where, problems, [...COMMON_KEYS, ...settingKeys(type)]);
  if (!map) return undefined;
  const base = parseItemBase(map);
  if (type !== undefined && holdsNestedElements(type) && inBlockType) {
    problems.add(
      map.at('type'),
      type === 'matrix'
        ? 'a matrix block type cannot hold another matrix field'
        : `a matrix block type cannot hold ${type} fields (their values are nested elements too)`,
    );
  }
  const field: ParsedField | undefined = base && {
    ...base,
    type: type ?? 'plainText',
    translatable: map.bool('translatable', false),
    instructions: map.text('instructions', { allowEmpty: true }) ?? '',
    options: type !== undefined && OPTION_TYPES.includes(type) ? parseOptions(map, type) : [],
    sources: parseSources(map),
    limit: map.int('limit', { min: 1 }),
    decimals: map.int('decimals', { min: 0, max: 10 }) ?? 0,
    currency: type === 'money' ? parseCurrency(map) : undefined,
    range: type === 'range' ? parseRange(map) : undefined,
    link: type === 'link' ? parseLinkSettings(map) : undefined,
    columns: type === 'table' ? parseColumns(map) : [],
    blockTypes:
      type === 'matrix' && !inBlockType
        ? parseBlockTypes(map)
        : type === 'addresses'
          ? [addressBlockType(map.where)]
          : [],
    entryTypes: type === 'matrix' && !inBlockType ? (map.strings('entryTypes') ?? []) : [],
    contentFields: type === 'contentBlock' ? parseContentFields(map) : [],
  };
  return field;
}

/** The `type`, reported when missing or unknown (with the closest type name). */
function peekType(value: unknown, where: Where, problems: ModelProblems): FieldType | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const type = (value as Record<string, unknown>).type;
  if (type === undefined || type === null) {
    problems.add(where, 'missing "type"');
    return undefined;
  }
  if (typeof type === 'string' && (FIELD_TYPES as readonly string[]).includes(type)) {
    return type as FieldType;
  }
  const hint = typeof type === 'string' ? suggestion(type, FIELD_TYPES) : '';
  problems.add(
    at(where, 'type'),
    `unknown field type ${quote(type)}${hint || ` (known: ${FIELD_TYPES.join(', ')})`}`,
  );
  return undefined;
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** A money field's required `currency`: an ISO 4217 code the formatter knows (any case). */
function parseCurrency(map: YamlMap): string | undefined {
  const code = map.text('currency', { required: true })?.toUpperCase();
  if (code === undefined) return undefined;
  if (!CURRENCIES.has(code)) {
    map.problems.add(
      map.at('currency'),
      `unknown currency ${quote(code)} (ISO 4217, e.g. USD, EUR)`,
    );
    return undefined;
  }
  return code;
}

/** A range field's `min`, `max` (above min) and `step` (above 0): Craft's defaults 0, 100, 1. */
function parseRange(map: YamlMap): RangeSettings {
  const min = map.number('min', 0);
  const max = map.number('max', 100);
  const step = map.number('step', 1);
  if (max <= min) map.problems.add(map.at('max'), `must be greater than min (${min}), got ${max}`);
  if (step <= 0) map.problems.add(map.at('step'), `must be greater than 0, got ${step}`);
  return { min, max, step };
}

/** A link field's `types` (default Craft's: entry and url) and `fullGraphqlData` (default true). */
function parseLinkSettings(map: YamlMap): { types: LinkType[]; fullGraphqlData: boolean } {
  const fullGraphqlData = map.bool('fullGraphqlData', true);
  const given = map.strings('types');
  if (given === undefined) return { types: ['entry', 'url'], fullGraphqlData };
  if (given.length === 0) map.problems.add(map.at('types'), 'must not be empty');
  const types: LinkType[] = [];
  for (const { value, where } of given) {
    const known = LINK_TYPES.find((type) => type === value);
    if (known === undefined) {
      map.problems.add(
        where,
        `unknown link type ${quote(value)}${suggestion(value, LINK_TYPES) || ` (known: ${LINK_TYPES.join(', ')})`}`,
      );
    } else if (!types.includes(known)) types.push(known);
  }
  return { types, fullGraphqlData };
}

const OPTION_KEYS = ['label', 'value', 'default'];

/** `options`: strings (label = value) or `{label, value, default}`. */
function parseOptions(map: YamlMap, type: FieldType): FieldOption[] {
  const items = map.list('options', { required: true }) ?? [];
  if (map.has('options') && items.length === 0) {
    map.problems.add(map.at('options'), 'must not be empty');
  }
  const options: FieldOption[] = [];
  const seen = new Map<string, Where>();
  for (const item of items) {
    let option: FieldOption | undefined;
    if (typeof item.value === 'string' || typeof item.value === 'number') {
      const text = String(item.value);
      option = { label: text, value: text, default: false };
    } else {
      const entry = YamlMap.open(item.value, item.where, map.problems, OPTION_KEYS);
      const value = entry?.text('value', { required: true });
      if (entry && value !== undefined) {
        option = {
          label: entry.text('label') ?? value,
          value,
          default: entry.bool('default', false),
        };
      }
    }
    if (!option) continue;
    const earlier = seen.get(option.value);
    if (earlier) {
      map.problems.add(
        item.where,
        `duplicate option value ${quote(option.value)} (also ${earlier.path})`,
      );
    }
    seen.set(option.value, item.where);
    options.push(option);
  }
  if (SINGLE_CHOICE_TYPES.includes(type) && options.filter((o) => o.default).length > 1) {
    map.problems.add(map.at('options'), `a ${type} field has at most one default option`);
  }
  return options;
}

/** `sources`: handles, or `*` (the same as leaving it out: every source). */
function parseSources(map: YamlMap): Located<string>[] {
  if (map.raw('sources') === '*') return [];
  return map.strings('sources') ?? [];
}

const COLUMN_KEYS = ['handle', 'heading', 'type'];

/** `columns` of a table field; keys col1, col2, ... in declaration order. */
function parseColumns(map: YamlMap): TableColumn[] {
  const items = map.list('columns', { required: true }) ?? [];
  if (map.has('columns') && items.length === 0) {
    map.problems.add(map.at('columns'), 'must not be empty');
  }
  const columns: TableColumn[] = [];
  const seen = new Map<string, Where>();
  items.forEach((item, index) => {
    const column = YamlMap.open(item.value, item.where, map.problems, COLUMN_KEYS);
    if (!column) return;
    const key = `col${index + 1}`;
    const handle = column.handle();
    const heading = column.text('heading') ?? handle ?? key;
    const type = column.choice('type', TABLE_COLUMN_TYPES, 'singleline');
    if (handle === undefined) return;
    // Rows expose both the handles and the col keys: a handle may not be another column's key.
    if (/^col\d+$/.test(handle) && handle !== key) {
      map.problems.add(
        column.at('handle'),
        `"${handle}" would clash with the key of another column`,
      );
    }
    const earlier = seen.get(handle);
    if (earlier) {
      map.problems.add(column.at('handle'), `duplicate column "${handle}" (also ${earlier.path})`);
    }
    seen.set(handle, item.where);
    columns.push({ key, handle, heading, type });
  });
  return columns;
}

/** A content block's layout: the handles of global fields, as Craft's field layout picks them. */
function parseContentFields(map: YamlMap): Located<string>[] {
  if (!map.has('fields')) map.problems.add(map.where, 'missing "fields"');
  const handles = map.strings('fields') ?? [];
  if (map.has('fields') && handles.length === 0) {
    map.problems.add(map.at('fields'), 'must not be empty');
  }
  return handles;
}

/** The one block type of an addresses field: Craft's address attributes as text fields. */
function addressBlockType(where: Where): ParsedBlockType {
  const item = (handle: string, name: string) => ({ where, handle, name, uid: undefined });
  return {
    ...item(ADDRESS_BLOCK_TYPE, 'Address'),
    fields: ADDRESS_ATTRIBUTES.map((handle) => ({
      ...item(handle, handle),
      type: 'plainText',
      translatable: false,
      instructions: '',
      options: [],
      sources: [],
      limit: null,
      decimals: 0,
      currency: undefined,
      range: undefined,
      link: undefined,
      columns: [],
      blockTypes: [],
      entryTypes: [],
      contentFields: [],
    })),
  };
}

const BLOCK_TYPE_KEYS = [...ITEM_KEYS, 'fields'];

/**
 * `blockTypes` of a matrix field, each with its own inline field definitions; required unless the
 * field lists global `entryTypes` (Craft 5's form).
 */
function parseBlockTypes(map: YamlMap): ParsedBlockType[] {
  const items = map.list('blockTypes', { required: !map.has('entryTypes') }) ?? [];
  if (map.has('blockTypes') && items.length === 0) {
    map.problems.add(map.at('blockTypes'), 'must not be empty');
  }
  const blockTypes: ParsedBlockType[] = [];
  for (const item of items) {
    const blockType = YamlMap.open(item.value, item.where, map.problems, BLOCK_TYPE_KEYS);
    if (!blockType) continue;
    const base = parseItemBase(blockType);
    const fields = (blockType.list('fields') ?? [])
      .map((f) => parseField(f.value, f.where, map.problems, true))
      .filter((f): f is ParsedField => f !== undefined);
    if (base) blockTypes.push({ ...base, fields });
  }
  return blockTypes;
}
