import { ContentModelError, ModelProblems } from './problems';
import { parseModelFile } from './file.parser';
import { readModelFiles } from './files.reader';
import { modelVersion } from '../store/content-model.builder';
import type { NormalisedModel } from '../normalised-model';
import { emptyParsedModel } from './parsed-model';
import { resolveModel, type ResolveOptions } from './resolver';

export interface LoadedModel {
  readonly model: NormalisedModel;
  readonly version: string;
  /** How many YAML files were read. */
  readonly files: number;
}

/**
 * Reads every YAML file of the project directory, validates them and resolves references.
 * Throws ContentModelError listing every problem when anything is wrong; touches no database.
 */
export function loadContentModel(directory: string, options: ResolveOptions): LoadedModel {
  let files;
  try {
    files = readModelFiles(directory);
  } catch (error) {
    throw new ContentModelError([error instanceof Error ? error.message : String(error)]);
  }
  const problems = new ModelProblems();
  const parsed = emptyParsedModel();
  for (const file of files) parseModelFile(file, parsed, problems);
  const model = resolveModel(parsed, options, problems);
  if (!problems.empty) throw new ContentModelError(problems.messages);
  return { model, version: modelVersion(model), files: files.length };
}
