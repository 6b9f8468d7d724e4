import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, holdsFor } from '../../../test/support/eventually';
import { Database } from '../../infra/database/database';
import type { DrizzleExecutor } from '../../infra/database/database.types';
import { MIGRATIONS } from '../../infra/database/migrations';
import { runMigrations } from '../../infra/database/migrations/migration-runner';
import { freshPostgresDatabase } from '../../infra/database/postgres.fixtures';
import { loadSettings } from '../../settings/settings.loader';
import type { ContentModelIndex } from './content-model.index';
import { ContentModelService } from './content-model.service';
import { ModelItemsRepository, type StoredModelItem } from './store/model-items.repository';
import { ContentModelError } from './yaml/problems';
import { BASE_FILES, ProjectDir } from './yaml/project.fixtures';

// A real PostgreSQL database for the file (PGlite cannot load inside jest's sandbox; see
// postgres.fixtures.ts). Both drivers run the same SQL; the e2e suites cover PGlite.
let db: DrizzleExecutor;
let drop: () => Promise<void>;
let database: Database;
let items: ModelItemsRepository;
const dataDir = mkdtempSync(join(tmpdir(), 'content-model-data-'));

beforeAll(async () => {
  ({ db, drop } = await freshPostgresDatabase());
  await runMigrations(db, MIGRATIONS);
  database = new Database(db);
  items = new ModelItemsRepository(database);
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

let project: ProjectDir;
let services: ContentModelService[];
let logged: { level: string; message: string }[];
beforeEach(async () => {
  await db.execute(sql`delete from content_model_items`);
  project = new ProjectDir(BASE_FILES);
  services = [];
  logged = [];
  for (const level of ['log', 'warn', 'error'] as const) {
    jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
      logged.push({ level, message: String(args[0]) });
    });
  }
});
afterEach(async () => {
  for (const service of services) await service.onApplicationShutdown();
  project.dispose();
  jest.restoreAllMocks();
});

function newService(): ContentModelService {
  const settings = loadSettings({ CONTENT_PROJECT_DIR: project.path, DATA_DIR: dataDir });
  const service = new ContentModelService(settings, database, items);
  services.push(service);
  return service;
}

async function booted(): Promise<ContentModelService> {
  const service = newService();
  await service.onModuleInit();
  return service;
}

/** Every model item id by uid, as the current model carries them. */
function idsOf(model: ContentModelIndex): Map<string, number> {
  const { sites, fields, sections, schemas } = model.model;
  const all = [
    ...sites,
    ...fields,
    ...sections,
    ...sections.flatMap((s) => s.entryTypes),
    ...schemas,
  ];
  return new Map(all.map((item) => [item.uid, item.id]));
}

const byHandle = (rows: StoredModelItem[], kind: string, handle: string) =>
  rows.find((row) => row.kind === kind && row.handle === handle);

describe('ContentModelService', () => {
  it('applies the model at boot: one row per item, and the model carries their ids', async () => {
    const service = await booted();
    const rows = await items.findAll();
    expect(rows.map((row) => `${row.kind}:${row.handle}`).sort()).toEqual(
      [
        'site:en',
        'site:de',
        'field:summary',
        'field:body',
        'section:news',
        'entryType:article',
        'entryType:link',
      ].sort(),
    );
    const model = service.current;
    for (const row of rows) expect(idsOf(model).get(row.uid)).toBe(row.id);
    const news = model.sections.handle('news')!;
    expect(news.entryTypes.map((t) => t.sectionId)).toEqual([news.id, news.id]);
    expect(news.entryTypes[0].fields.map((f) => f.id)).toEqual([
      model.fields.handle('summary')!.id,
      model.fields.handle('body')!.id,
    ]);
    expect(news.siteSettings.map((s) => s.siteId)).toEqual([
      model.sites.handle('en')!.id,
      model.sites.handle('de')!.id,
    ]);
    expect(model.primarySite.handle).toBe('en');
    expect(Object.isFrozen(model.model.sections[0].entryTypes)).toBe(true);
    // The row's config is the normalised item, nested items by uid.
    expect(byHandle(rows, 'section', 'news')?.config).toMatchObject({
      handle: 'news',
      type: 'channel',
      entryTypes: news.entryTypes.map((t) => t.uid),
    });
    expect(byHandle(rows, 'entryType', 'link')?.config).toMatchObject({ sectionUid: news.uid });
    const line = logged.find((l) => l.message.startsWith('content model '))?.message;
    expect(line).toMatch(
      new RegExp(
        `^content model ${model.version.slice(0, 12)}: 2 sites, 1 sections, 2 fields, 0 GraphQL schemas from 3 files in `,
      ),
    );
    expect(line).toContain('7 items added, 0 changed, 0 removed');
  });

  it('keeps ids across restarts and changes, marks removed items, and gives returning items their old ids', async () => {
    const first = await booted();
    const originalIds = idsOf(first.current);

    // Another instance (or a restart) over the same database: the same ids.
    const restarted = await booted();
    expect(idsOf(restarted.current)).toEqual(originalIds);
    expect(restarted.current.version).toBe(first.current.version);

    const changed: string[] = [];
    first.onChange((model) => changed.push(model.version));
    project.write({
      'fields.yaml': `
fields:
  - { handle: summary, name: Summary, type: plainText }
  - { handle: rating, name: Rating, type: number, decimals: 1 }
`,
      'sections.yaml': BASE_FILES['sections.yaml']
        .replace('[summary, body]', '[summary, rating]')
        .replace(/\n {6}- \{ handle: link.*\n/, '\n'),
    });
    expect(await first.reload()).toEqual({ status: 'applied', problems: [] });
    const model = first.current;
    expect(changed).toEqual([model.version]);
    expect(model.fields.handle('body')).toBeUndefined();
    expect(model.entryTypes.handle('link')).toBeUndefined();
    const summary = model.fields.handle('summary')!;
    const rating = model.fields.handle('rating')!;
    expect(summary.id).toBe(originalIds.get(summary.uid));
    expect(rating.id).toBeGreaterThan(Math.max(...originalIds.values()));
    let rows = await items.findAll();
    expect(byHandle(rows, 'field', 'body')?.removedAt).toBeInstanceOf(Date);
    expect(byHandle(rows, 'entryType', 'link')?.removedAt).toBeInstanceOf(Date);
    expect(byHandle(rows, 'field', 'summary')?.removedAt).toBeNull();
    expect(byHandle(rows, 'entryType', 'article')?.config).toMatchObject({
      fields: [summary.uid, rating.uid],
    });
    expect(logged.map((l) => l.message)).toContainEqual(
      expect.stringMatching(/1 items added, 2 changed, 2 removed: field body, entryType link;/),
    );

    // Back as it was: body and link get their old ids; rating is removed in turn.
    project.write(BASE_FILES);
    expect((await first.reload()).status).toBe('applied');
    expect(idsOf(first.current)).toEqual(originalIds);
    expect(first.current.version).toBe(restarted.current.version);
    rows = await items.findAll();
    expect(rows.filter((row) => row.removedAt !== null).map((row) => row.handle)).toEqual([
      'rating',
    ]);
  });

  it('rejects a change that does not validate, logging every message, and keeps the model', async () => {
    const service = await booted();
    const before = service.current;
    const listener = jest.fn();
    service.onChange(listener);
    project.write({
      'more.yaml':
        'fields:\n  - { handle: extra, name: Extra, type: nope }\nsites: [{ handle: x }]\n',
    });
    const outcome = await service.reload();
    expect(outcome).toEqual({
      status: 'rejected',
      problems: [
        'more.yaml: sites[0]: missing "name"',
        'more.yaml: sites[0]: missing "language"',
        'more.yaml: sites[0]: missing "baseUrl"',
        'more.yaml: fields[0].type: unknown field type "nope" (known: plainText, number, lightswitch, date, dropdown, radioButtons, checkboxes, multiSelect, email, url, color, markdown, richText, entries, assets, categories, tags, users, matrix, table, buttonGroup, country, icon, time, money, link, addresses, contentBlock, range, json)',
      ],
    });
    expect(service.current).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    const warning = logged.find((l) => l.level === 'warn')?.message;
    expect(warning).toBe(
      `content model change rejected, keeping ${before.version.slice(0, 12)}:\n` +
        outcome.problems.map((p) => `  - ${p}`).join('\n'),
    );
    expect((await items.findAll()).some((row) => row.handle === 'extra')).toBe(false);
  });

  it('does not apply a model whose version did not change', async () => {
    const service = await booted();
    const listener = jest.fn();
    service.onChange(listener);
    project.write({ 'sites.yaml': `# a comment changes nothing\n${BASE_FILES['sites.yaml']}` });
    expect(await service.reload()).toEqual({ status: 'unchanged', problems: [] });
    expect(listener).not.toHaveBeenCalled();
  });

  it('refuses to move a uid from one kind to another, writing nothing', async () => {
    const uid = '6f1c3e0a-8f7b-4c1d-9e2a-3b4c5d6e7f80';
    project.write({
      'extra.yaml': `userGroups:\n  - { handle: staff, name: Staff, uid: ${uid} }\n`,
    });
    const service = await booted();
    const before = service.current;
    project.write({ 'extra.yaml': `volumes:\n  - { handle: staff, name: Staff, uid: ${uid} }\n` });
    expect(await service.reload()).toEqual({
      status: 'rejected',
      problems: [
        `volume "staff": uid ${uid} belongs to the userGroup "staff" in the database; an item's uid cannot move to another kind`,
      ],
    });
    expect(service.current).toBe(before);
    const rows = await items.findAll();
    expect(rows.filter((row) => row.uid === uid).map((row) => [row.kind, row.removedAt])).toEqual([
      ['userGroup', null],
    ]);
  });

  it('fails the boot with every problem when the model is invalid', async () => {
    project.write({
      'sites.yaml': 'sites:\n  - { handle: en, name: E, language: en, baseUrl: / }\n',
    });
    project.write({ 'more.yaml': 'sectons: []\n' });
    const service = newService();
    const failure = service.onModuleInit();
    await expect(failure).rejects.toThrow(ContentModelError);
    await expect(failure).rejects.toThrow(
      'invalid content model:\n' +
        '  - more.yaml: unknown key "sectons" (did you mean "sections"?)\n' +
        '  - sites: no site is primary; exactly one site must have "primary: true"',
    );
    expect(() => service.current).toThrow('the content model is not loaded yet');
    expect(await items.findAll()).toEqual([]);
  });

  it('watches the directory: a valid change reaches the listeners, and nothing after shutdown', async () => {
    const service = await booted();
    const seen: ContentModelIndex[] = [];
    service.onChange((model) => seen.push(model));
    project.write({
      'nested/extra.yaml': 'tagGroups:\n  - { handle: keywords, name: Keywords }\n',
    });
    const { value: model } = await eventually('the new model', () => seen[0]);
    expect(model.tagGroups.handle('keywords')).toBeDefined();
    expect(service.current).toBe(model);

    // A bad change on disk is logged and the model stays.
    project.write({ 'nested/extra.yaml': 'tagGroups: oops\n' });
    await eventually('the rejection', () =>
      logged.some((l) => l.level === 'warn' && l.message.includes('tagGroups: must be a list'))
        ? true
        : undefined,
    );
    expect(service.current).toBe(model);

    await service.onApplicationShutdown();
    project.write({ 'nested/extra.yaml': 'tagGroups:\n  - { handle: other, name: Other }\n' });
    expect(await holdsFor(600, () => service.current === model && seen.length === 1)).toBe(true);
  });

  it('reloads on SIGHUP while it runs', async () => {
    const before = process.listenerCount('SIGHUP');
    const service = await booted();
    expect(process.listenerCount('SIGHUP')).toBe(before + 1);
    const reload = jest.spyOn(service, 'reload');
    process.emit('SIGHUP', 'SIGHUP');
    expect(reload).toHaveBeenCalledTimes(1);
    expect((await reload.mock.results[0].value) as unknown).toEqual({
      status: 'unchanged',
      problems: [],
    });
    await service.onApplicationShutdown();
    expect(process.listenerCount('SIGHUP')).toBe(before);
  });

  it('joins reload requests made while one waits, and reloads again once it ran', async () => {
    const service = await booted();
    const listener = jest.fn();
    service.onChange(listener);
    project.write({ 'extra.yaml': 'userGroups:\n  - { handle: staff, name: Staff }\n' });
    const first = service.reload();
    expect(service.reload()).toBe(first);
    expect(await first).toEqual({ status: 'applied', problems: [] });
    expect(listener).toHaveBeenCalledTimes(1);
    const again = service.reload();
    expect(again).not.toBe(first);
    expect((await again).status).toBe('unchanged');
  });

  it('keeps notifying the other listeners when one throws', async () => {
    const service = await booted();
    const after = jest.fn();
    service.onChange(() => {
      throw new Error('listener broke');
    });
    const unsubscribed = jest.fn();
    service.onChange(unsubscribed)();
    service.onChange(after);
    project.write({ 'extra.yaml': 'userGroups:\n  - { handle: staff, name: Staff }\n' });
    expect((await service.reload()).status).toBe('applied');
    expect(after).toHaveBeenCalledWith(service.current);
    expect(unsubscribed).not.toHaveBeenCalled();
    expect(logged).toContainEqual({
      level: 'error',
      message: 'a content model listener failed: listener broke',
    });
  });
});
