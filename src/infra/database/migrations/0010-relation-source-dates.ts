import { Migration } from './migration';

/**
 * Each relation row carries its source's `post_date` (kept in step by the writers:
 * relation-rows.ts, element-rows.ts), and the (target, source) index carries it too. A one-site
 * intersection (`relatedTo: ["and", tag, tag]`) is then intersected and sorted newest first from
 * the index alone, and only the page's elements are read: at 100,000 entries two tags share
 * 499, whose elements were each read by key to be sorted (docs/content-store.md, seventh round).
 */
export const RELATION_SOURCE_DATES: Migration = {
  id: '0010',
  name: 'relation_source_dates',
  statements: [
    `ALTER TABLE content_relations ADD COLUMN source_post_date timestamptz`,
    `UPDATE content_relations r SET source_post_date = e.post_date
       FROM content_elements e WHERE e.id = r.source_id AND e.post_date IS NOT NULL`,
    `CREATE INDEX content_relations_by_target_dated_idx ON content_relations (target_id, source_id) INCLUDE (source_site_id, field_id, source_post_date)`,
    `DROP INDEX content_relations_by_target_idx`,
  ],
};
