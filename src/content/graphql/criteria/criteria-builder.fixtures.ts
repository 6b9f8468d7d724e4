import type { GqlSchemaDefinition } from '../../model/content-model';
import { CriteriaBuilder } from './criteria-builder';
import { element, RecordingElementReader } from '../request-loaders.recording-reader.fixtures';
import { ScopeGrants } from '../scope-grants';
import { demoModel, SCHEMAS } from '../scope-grants.fixtures';

const model = demoModel();

/** What the recording reader holds: two news entries, a page and a category (ids 100-200). */
const ELEMENTS = [
  element(100, 'entry', 1, { containerId: 30, typeId: 31, slug: 'hello' }),
  element(101, 'entry', 1, { containerId: 30, typeId: 31, slug: 'world' }),
  element(102, 'entry', 1, { containerId: 33, typeId: 34, slug: 'hello' }),
  element(200, 'category', 1, { containerId: 41, slug: 'tech' }),
];

/**
 * A CriteriaBuilder over the demo model and a schema's grants, with the reader it queries (for
 * relatedTo<Kind> and ref lookups). The criteria specs of this folder share it: one per family of
 * arguments (containers, sites, relations, the other parameters in criteria-builder.spec.ts).
 */
export function builder(
  definition: GqlSchemaDefinition = SCHEMAS.public,
  maxResults = 0,
): { reader: RecordingElementReader; criteria: CriteriaBuilder } {
  const reader = new RecordingElementReader(ELEMENTS);
  const grants = new ScopeGrants(definition, model);
  return { reader, criteria: new CriteriaBuilder({ model, grants, reader, maxResults }) };
}
