import { Migration } from './migration';

/**
 * Indexes and statistics for element queries whose time should not grow with the site
 * (plans and figures in docs/content-store.md):
 * - entries in the default order (`postDate DESC`, id): read newest first from an index instead
 *   of sorting every live entry (with its wide `fields`) for a page of 20;
 * - title order: the key the reader sorts by (`lower(title) COLLATE "C"`, NULLS FIRST as its
 *   ORDER BY) with the element id as tiebreaker;
 * - statistics of (kind, container_id) together: without them a tag group's 200 tags were
 *   estimated as 1 row and relation batches were driven from the target side.
 */
export const CONTENT_QUERY_INDEXES: Migration = {
  id: '0006',
  name: 'content_query_indexes',
  statements: [
    `CREATE INDEX content_elements_post_date_idx ON content_elements (post_date DESC NULLS LAST, id DESC)
      WHERE kind = 'entry' AND date_deleted IS NULL`,
    `CREATE INDEX content_element_sites_title_idx
      ON content_element_sites ((lower(title) COLLATE "C") NULLS FIRST, element_id NULLS FIRST)`,
    `CREATE STATISTICS content_elements_kind_container_stats (mcv, dependencies)
      ON kind, container_id FROM content_elements`,
  ],
};
