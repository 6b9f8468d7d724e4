import { Migration } from './migration';

/**
 * The content domain: the applied content model (YAML items matched by uid, so ids are stable),
 * elements with per-site content, asset files and folders, relations, structure positions, user
 * group memberships. Every identity user (not service accounts) is also a user element: a trigger
 * keeps one element per user, so the content API and the teams API see the same users.
 */
export const CONTENT: Migration = {
  id: '0002',
  name: 'content',
  statements: [
    `CREATE TABLE content_model_items (
      id bigserial PRIMARY KEY,
      kind text NOT NULL,
      uid text NOT NULL,
      handle text NOT NULL,
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      removed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT content_model_items_uid_key UNIQUE (uid)
    )`,
    `CREATE TABLE content_elements (
      id bigserial PRIMARY KEY,
      uid text NOT NULL,
      kind text NOT NULL,
      container_id bigint,
      type_id bigint,
      user_id bigint REFERENCES users (id) ON DELETE CASCADE,
      owner_id bigint REFERENCES content_elements (id) ON DELETE CASCADE,
      sort_order integer,
      author_id bigint REFERENCES content_elements (id) ON DELETE SET NULL,
      photo_id bigint REFERENCES content_elements (id) ON DELETE SET NULL,
      post_date timestamptz,
      expiry_date timestamptz,
      enabled boolean NOT NULL DEFAULT true,
      archived boolean NOT NULL DEFAULT false,
      date_created timestamptz NOT NULL DEFAULT now(),
      date_updated timestamptz NOT NULL DEFAULT now(),
      date_deleted timestamptz,
      CONSTRAINT content_elements_uid_key UNIQUE (uid),
      CONSTRAINT content_elements_user_id_key UNIQUE (user_id),
      CONSTRAINT content_elements_kind_check
        CHECK (kind IN ('entry', 'asset', 'user', 'category', 'tag', 'globalset', 'matrixblock'))
    )`,
    `CREATE INDEX content_elements_container_idx ON content_elements (kind, container_id)`,
    `CREATE INDEX content_elements_owner_idx ON content_elements (owner_id)`,
    `CREATE INDEX content_elements_author_idx ON content_elements (author_id)`,
    `CREATE TABLE content_element_sites (
      element_id bigint NOT NULL REFERENCES content_elements (id) ON DELETE CASCADE,
      site_id bigint NOT NULL,
      title text,
      slug text,
      uri text,
      enabled boolean NOT NULL DEFAULT true,
      fields jsonb NOT NULL DEFAULT '{}'::jsonb,
      search_text text NOT NULL DEFAULT '',
      search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
      date_updated timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT content_element_sites_pkey PRIMARY KEY (element_id, site_id)
    )`,
    `CREATE INDEX content_element_sites_uri_idx ON content_element_sites (site_id, uri)`,
    `CREATE INDEX content_element_sites_slug_idx ON content_element_sites (site_id, slug)`,
    `CREATE INDEX content_element_sites_search_idx ON content_element_sites USING gin (search_vector)`,
    `CREATE TABLE content_asset_folders (
      id bigserial PRIMARY KEY,
      volume_id bigint NOT NULL,
      parent_id bigint REFERENCES content_asset_folders (id) ON DELETE CASCADE,
      path text NOT NULL,
      CONSTRAINT content_asset_folders_path_key UNIQUE (volume_id, path)
    )`,
    `CREATE TABLE content_assets (
      element_id bigint PRIMARY KEY REFERENCES content_elements (id) ON DELETE CASCADE,
      volume_id bigint NOT NULL,
      folder_id bigint NOT NULL REFERENCES content_asset_folders (id),
      filename text NOT NULL,
      kind text NOT NULL,
      mime_type text,
      size bigint NOT NULL,
      width integer,
      height integer,
      focal_x double precision,
      focal_y double precision,
      alt text,
      date_modified timestamptz NOT NULL,
      uploader_id bigint REFERENCES content_elements (id) ON DELETE SET NULL,
      CONSTRAINT content_assets_file_key UNIQUE (folder_id, filename)
    )`,
    `CREATE TABLE content_relations (
      id bigserial PRIMARY KEY,
      field_id bigint NOT NULL,
      source_id bigint NOT NULL REFERENCES content_elements (id) ON DELETE CASCADE,
      source_site_id bigint,
      target_id bigint NOT NULL REFERENCES content_elements (id) ON DELETE CASCADE,
      sort_order integer NOT NULL
    )`,
    `CREATE INDEX content_relations_source_idx ON content_relations (source_id, field_id)`,
    `CREATE INDEX content_relations_target_idx ON content_relations (target_id)`,
    `CREATE TABLE content_structure_nodes (
      element_id bigint PRIMARY KEY REFERENCES content_elements (id) ON DELETE CASCADE,
      structure_id bigint NOT NULL,
      root_id bigint NOT NULL,
      lft integer NOT NULL,
      rgt integer NOT NULL,
      level integer NOT NULL
    )`,
    `CREATE INDEX content_structure_nodes_position_idx ON content_structure_nodes (structure_id, lft)`,
    `CREATE TABLE content_user_group_members (
      group_id bigint NOT NULL,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT content_user_group_members_pkey PRIMARY KEY (group_id, user_id)
    )`,
    `CREATE FUNCTION content_user_element() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT NEW.is_service_account THEN
        INSERT INTO content_elements (uid, kind, user_id, date_created, date_updated)
        VALUES (NEW.uid, 'user', NEW.id, NEW.created_at, NEW.updated_at);
      END IF;
      RETURN NEW;
    END $$`,
    `CREATE TRIGGER users_content_element AFTER INSERT ON users
      FOR EACH ROW EXECUTE FUNCTION content_user_element()`,
    `INSERT INTO content_elements (uid, kind, user_id, date_created, date_updated)
      SELECT uid, 'user', id, created_at, updated_at FROM users WHERE NOT is_service_account`,
  ],
};
