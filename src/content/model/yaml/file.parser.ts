import { LineCounter, parseDocument } from 'yaml';
import { parseField } from './field.parser';
import { parseGraphqlSchema } from './graphql-schema.parser';
import {
  parseImageTransform,
  parseLayoutItem,
  parseSite,
  parseUserGroup,
  parseVolume,
} from './item.parser';
import type { ModelFile } from './files.reader';
import type { ModelProblems, Where } from './problems';
import type { ParsedModel } from './parsed-model';
import { parseCategoryGroup, parseEntryType, parseSection } from './section.parser';
import { YamlMap } from './yaml-map';

/** The top-level keys of a model file: each holds a list of items of one kind. */
export const MODEL_KINDS = [
  'sites',
  'fields',
  'sections',
  'entryTypes',
  'volumes',
  'categoryGroups',
  'tagGroups',
  'globalSets',
  'userGroups',
  'userFields',
  'imageTransforms',
  'graphqlSchemas',
] as const;

type ItemParser<T> = (value: unknown, where: Where, problems: ModelProblems) => T | undefined;

/**
 * Reads one file into `model` (appending: a kind may be spread over several files). YAML syntax
 * errors are reported with line and column and the file's content is skipped.
 */
export function parseModelFile(file: ModelFile, model: ParsedModel, problems: ModelProblems): void {
  const lineCounter = new LineCounter();
  const document = parseDocument(file.text, { lineCounter, prettyErrors: false });
  if (document.errors.length > 0) {
    for (const error of document.errors) {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      problems.add({ file: file.name, path: `line ${line}, column ${col}` }, error.message);
    }
    return;
  }
  const content: unknown = document.toJS({ maxAliasCount: 1000 });
  if (content === null || content === undefined) return;
  const top = YamlMap.open(content, { file: file.name, path: '' }, problems, MODEL_KINDS);
  if (!top) return;
  const collect = <T>(kind: (typeof MODEL_KINDS)[number], into: T[], parse: ItemParser<T>) => {
    for (const item of top.list(kind) ?? []) {
      const parsed = parse(item.value, item.where, problems);
      if (parsed !== undefined) into.push(parsed);
    }
  };
  collect('sites', model.sites, parseSite);
  collect('fields', model.fields, (value, where) => parseField(value, where, problems));
  collect('sections', model.sections, parseSection);
  collect('entryTypes', model.entryTypes, parseEntryType);
  collect('volumes', model.volumes, parseVolume);
  collect('categoryGroups', model.categoryGroups, parseCategoryGroup);
  collect('tagGroups', model.tagGroups, parseLayoutItem);
  collect('globalSets', model.globalSets, parseLayoutItem);
  collect('userGroups', model.userGroups, parseUserGroup);
  collect('imageTransforms', model.imageTransforms, parseImageTransform);
  collect('graphqlSchemas', model.schemas, parseGraphqlSchema);
  model.userFields.push(...(top.strings('userFields') ?? []));
}
