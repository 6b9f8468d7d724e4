import type { ContentModelIndex } from './content-model.index';

/**
 * Where the rest of the content domain reads the current model. The YAML is loaded, validated and
 * applied before the application starts listening; a change on disk that validates replaces the
 * model (listeners run after it is applied); one that does not is logged and the old model stays.
 */
export abstract class ContentModelSource {
  abstract get current(): ContentModelIndex;

  /** Called with each newly applied model; returns an unsubscribe function. */
  abstract onChange(listener: (model: ContentModelIndex) => void): () => void;
}
