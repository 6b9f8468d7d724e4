import { Migration } from './migration';

/**
 * Several authors per entry (Craft 5's `authors`): every author of an entry in order, the first
 * one also in `content_elements.author_id` (the primary author, what `author`/`authorId` read and
 * what older code keeps using). Existing entries get their one author.
 */
export const ENTRY_AUTHORS: Migration = {
  id: '0007',
  name: 'entry_authors',
  statements: [
    `CREATE TABLE content_entry_authors (
      entry_id bigint NOT NULL REFERENCES content_elements (id) ON DELETE CASCADE,
      author_id bigint NOT NULL REFERENCES content_elements (id) ON DELETE CASCADE,
      sort_order integer NOT NULL,
      PRIMARY KEY (entry_id, author_id)
    )`,
    `CREATE INDEX content_entry_authors_author_idx ON content_entry_authors (author_id)`,
    `INSERT INTO content_entry_authors (entry_id, author_id, sort_order)
      SELECT id, author_id, 1 FROM content_elements WHERE author_id IS NOT NULL`,
  ],
};
