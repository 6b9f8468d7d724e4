import type { DocumentNode } from 'graphql';

/**
 * Parsed documents by query text, least recently used evicted first. Clients send the same few
 * query texts over and over; parsing is a measurable part of a small query's cost.
 */
export class DocumentCache {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly capacity: number) {}

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
    this.documents.delete(query);
    this.documents.set(query, document);
    if (this.documents.size > this.capacity) {
      const oldest = this.documents.keys().next();
      if (oldest.done !== true) this.documents.delete(oldest.value);
    }
  }

  get size(): number {
    return this.documents.size;
  }
}
