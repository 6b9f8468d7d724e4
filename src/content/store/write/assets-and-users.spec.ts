import { sql } from 'drizzle-orm';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { rawRows } from '../../../infra/database/raw-rows';

import {
  article,
  DE,
  EN,
  h,
  relations,
  siteRows,
  writeError,
  writerSuite,
  imageFile,
} from './writer-harness.fixtures';

writerSuite(() => {
  describe('assets', () => {
    it('copies the file into its folder and records size, kind, mime type and dimensions', async () => {
      const source = await imageFile('team_photo-2.jpg', 64, 48);
      const saved = await h.writer.saveAsset({
        volumeId: 20,
        folderPath: '/people/staff/',
        filename: 'team_photo-2.jpg',
        sourceFile: source,
        alt: 'The team',
        focalPoint: [0.25, 0.5],
      });
      const target = join(h.dir, 'volume', 'people', 'staff', 'team_photo-2.jpg');
      const size = (await stat(target)).size;
      const [asset] = await rawRows<Record<string, unknown>>(
        h.db,
        sql`SELECT a.filename, a.kind, a.mime_type, a.size, a.width, a.height, a.focal_x, a.focal_y,
              a.alt, f.path, p.path AS parent_path
            FROM content_assets a JOIN content_asset_folders f ON f.id = a.folder_id
            JOIN content_asset_folders p ON p.id = f.parent_id
            WHERE a.element_id = ${saved.id}`,
      );
      expect({ ...asset, size: Number(asset.size) }).toEqual({
        filename: 'team_photo-2.jpg',
        kind: 'image',
        mime_type: 'image/jpeg',
        size,
        width: 64,
        height: 48,
        focal_x: 0.25,
        focal_y: 0.5,
        alt: 'The team',
        path: 'people/staff/',
        parent_path: 'people/',
      });
      const folders = await rawRows<{ path: string }>(
        h.db,
        sql`SELECT path FROM content_asset_folders WHERE volume_id = 20 ORDER BY path`,
      );
      expect(folders.map((f) => f.path)).toEqual(['', 'people/', 'people/staff/']);
      const rows = await siteRows(saved.id);
      expect(rows[EN]).toMatchObject({ title: 'Team Photo 2', slug: null, uri: null });
      expect(rows[EN].search_text).toContain('team_photo-2.jpg');

      // The same folder and filename without a uid: the same asset, updated.
      const again = await h.writer.saveAsset({
        volumeId: 20,
        folderPath: 'people/staff',
        filename: 'team_photo-2.jpg',
        sourceFile: await imageFile('bigger.jpg', 80, 20),
        title: 'Our team',
      });
      expect(again).toMatchObject({ id: saved.id, created: false });
      const [updated] = await rawRows<{ width: number; height: number; alt: string }>(
        h.db,
        sql`SELECT width, height, alt FROM content_assets WHERE element_id = ${saved.id}`,
      );
      expect(updated).toEqual({ width: 80, height: 20, alt: 'The team' });
      expect((await siteRows(saved.id))[DE].title).toBe('Our team');
      expect(await h.lookups.asset(20, 'people/staff/', 'team_photo-2.jpg')).toEqual({
        id: saved.id,
        uid: saved.uid,
      });
    });

    it('refuses paths outside the volume and missing files', async () => {
      expect(
        await writeError(
          h.writer.saveAsset({ volumeId: 20, folderPath: '../up', filename: 'x.jpg' }),
        ),
      ).toEqual([
        'folder "../up": segments may not be "." or "..", contain "\\" or start with "_" (transform folders)',
      ]);
      const missing = await writeError(
        h.writer.saveAsset({ volumeId: 20, folderPath: '', filename: 'nothing.jpg' }),
      );
      expect(missing[0]).toMatch(/^file: .*nothing\.jpg does not exist$/);
    });
  });

  describe('users, global sets', () => {
    it('creates identity users with their user element and group memberships', async () => {
      const saved = await h.writer.saveUser({
        username: 'alice',
        email: 'alice@example.com',
        fullName: 'Alice Archer',
        groupIds: [60],
      });
      expect(saved.created).toBe(true);
      const [user] = await rawRows<{
        login: string;
        name: string;
        element_id: number;
        groups: number[];
      }>(
        h.db,
        sql`SELECT u.login, u.name, e.id AS element_id,
              (SELECT array_agg(group_id) FROM content_user_group_members m WHERE m.user_id = u.id) AS groups
            FROM users u JOIN content_elements e ON e.user_id = u.id WHERE u.login = 'alice'`,
      );
      expect({
        ...user,
        element_id: Number(user.element_id),
        groups: user.groups.map(Number),
      }).toEqual({
        login: 'alice',
        name: 'Alice Archer',
        element_id: saved.id,
        groups: [60],
      });
      expect(Object.keys(await siteRows(saved.id))).toEqual(['1', '2']);
      const again = await h.writer.saveUser({
        username: 'Alice',
        email: 'alice@example.com',
        groupIds: [60, 61],
      });
      expect(again).toMatchObject({ id: saved.id, created: false });
      expect(await h.lookups.user('ALICE')).toEqual({ id: saved.id, uid: saved.uid });

      const bob = await h.writer.saveUser({
        username: 'bob',
        email: 'bob@example.com',
        groupIds: [61],
      });
      // reviewers only takes editors.
      const problems = await writeError(
        h.writer.saveEntry(article('reviewed', { fields: { reviewers: [saved.id, bob.id] } })),
      );
      expect(problems).toEqual([
        `field "reviewers": element ${bob.id} is not in the field's sources (editors)`,
      ]);
      const reviewed = await h.writer.saveEntry(
        article('reviewed', { authorId: bob.id, fields: { reviewers: [saved.id] } }),
      );
      expect(await relations(reviewed.id, 'reviewers')).toEqual([saved.id]);
      expect(
        await writeError(h.writer.saveEntry(article('bad-author', { authorId: reviewed.id }))),
      ).toEqual([`author: element ${reviewed.id} is not a user`]);
      expect(
        await writeError(h.writer.saveUser({ username: 'carol', email: 'ALICE@example.com' })),
      ).toEqual(['user "carol": another user has this email address']);
    });

    it('gives users made elsewhere their site rows', async () => {
      await rawRows(
        h.db,
        sql`INSERT INTO users (uid, login, email, name, org_id) VALUES ('dave-uid', 'dave', 'dave@example.com', 'Dave', 1) RETURNING id`,
      );
      expect(await h.writer.ensureUserSites(h.model)).toBe(2);
      expect(await h.writer.ensureUserSites(h.model)).toBe(0);
      const dave = await h.lookups.user('dave');
      expect((await siteRows(dave!.id))[EN].search_text).toBe('dave Dave dave@example.com');
    });

    it('keeps exactly one element per global set and writes its values per site', async () => {
      expect(await h.writer.ensureGlobalSets(h.model)).toBe(1);
      expect(await h.writer.ensureGlobalSets(h.model)).toBe(0);
      const saved = await h.writer.saveGlobalSet({
        globalSetId: 50,
        fields: { copyright: '© 2025 Demo', contactEmail: 'hello@example.com' },
        sites: new Map([[DE, { fields: { copyright: '© 2025 Demo GmbH' } }]]),
      });
      expect(saved).toMatchObject({ uid: 'globalset-siteinfo', created: false });
      const rows = await siteRows(saved.id);
      expect(rows[EN]).toMatchObject({
        title: 'Site information',
        fields: { copyright: '© 2025 Demo', contactEmail: 'hello@example.com' },
      });
      expect(rows[DE].fields).toEqual({
        copyright: '© 2025 Demo GmbH',
        contactEmail: 'hello@example.com',
      });
      const count = await rawRows<{ n: number }>(
        h.db,
        sql`SELECT count(*)::int AS n FROM content_elements WHERE kind = 'globalset'`,
      );
      expect(count[0].n).toBe(1);
    });
  });
});
