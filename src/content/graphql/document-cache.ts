import type { DocumentNode } from 'graphql';

/**
 * Heap charged per UTF-16 unit of a query text: the key (one or two bytes a unit) and the
 * parsed document with its locations, measured at about 73 bytes a character for a dense
 * query after a full GC. Comments and whitespace cost only the key, so this over-counts them:
 * a padded text is charged as if it were all query.
 */
export const DOCUMENT_BYTES_PER_CHAR = 80;

/**
 * Parsed documents by query text, least recently used evicted first. Clients send the same few
 * query texts over and over; parsing is a measurable part of a small query's cost. Bounded by
 * entries and by bytes (DOCUMENT_BYTES_PER_CHAR): a few large texts must not hold the heap
 * (docs/security.md#one-anonymous-client-against-the-shared-event-loop-issue-29); a text charged
 * more than a quarter of the bytes is not kept at all.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();
  private charged = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get(query: string): DocumentNode | undefined {
    const document = this.documents.get(query);
    if (document !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.documents.delete(query);
      this.documents.set(query, document);
    }
    return document;
  }

  set(query: string, document: DocumentNode): void {
    this.delete(query);
    const cost = charge(query);
    if (cost > this.maxBytes / 4) return;
    this.documents.set(query, document);
    this.charged += cost;
    while (this.documents.size > this.capacity || this.charged > this.maxBytes) {
      const oldest = this.documents.keys().next();
      if (oldest.done === true) break;
      this.delete(oldest.value);
    }
  }

  get size(): number {
    return this.documents.size;
  }

  /** The heap the kept documents are charged (DOCUMENT_BYTES_PER_CHAR). */
  get bytes(): number {
    return this.charged;
  }

  private delete(query: string): void {
    if (this.documents.delete(query)) this.charged -= charge(query);
  }
}

function charge(query: string): number {
  return query.length * DOCUMENT_BYTES_PER_CHAR;
}
