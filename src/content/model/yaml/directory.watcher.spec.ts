import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, holdsFor } from '../../../../test/support/eventually';
import { ModelDirectoryWatcher } from './directory.watcher';

let root: string;
let directory: string;
let watcher: ModelDirectoryWatcher | undefined;
let calls: number;
let messages: string[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'model-watch-'));
  directory = join(root, 'project');
  mkdirSync(join(directory, 'nested'), { recursive: true });
  calls = 0;
  messages = [];
});
afterEach(() => {
  watcher?.close();
  rmSync(root, { recursive: true, force: true });
});

function start(): ModelDirectoryWatcher {
  const logger = { log: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) };
  watcher = new ModelDirectoryWatcher(directory, () => calls++, logger, {
    quietMs: 100,
    maxWaitMs: 1000,
    recheckMs: 50,
  });
  watcher.start();
  return watcher;
}

const callsReach = (n: number) =>
  eventually(`${n} change calls`, () => (calls >= n ? calls : undefined));

describe('ModelDirectoryWatcher', () => {
  it('turns a burst of writes, nested ones included, into one call', async () => {
    start();
    writeFileSync(join(directory, 'a.yaml'), 'a: 1');
    writeFileSync(join(directory, 'nested', 'b.yaml'), 'b: 1');
    writeFileSync(join(directory, 'a.yaml'), 'a: 2');
    await callsReach(1);
    expect(await holdsFor(300, () => calls === 1)).toBe(true);
    writeFileSync(join(directory, 'nested', 'b.yaml'), 'b: 2');
    await callsReach(2);
  });

  it('watches a deleted and re-created directory again, with one call for what it missed', async () => {
    const running = start();
    rmSync(directory, { recursive: true });
    await eventually('the missing directory to be noticed', () =>
      messages.some((m) => m.includes('is missing; waiting for it')) ? true : undefined,
    );
    expect(running.watching).toBe(false);
    const before = calls;
    mkdirSync(directory);
    writeFileSync(join(directory, 'c.yaml'), 'c: 1');
    await callsReach(before + 1);
    expect(running.watching).toBe(true);
    expect(messages).toContainEqual(expect.stringMatching(/is back; watching it again$/));
    const after = calls;
    writeFileSync(join(directory, 'c.yaml'), 'c: 2');
    await callsReach(after + 1);
  });

  it('keeps noticing a file that is replaced by a rename, save after save', async () => {
    writeFileSync(join(directory, 'a.yaml'), 'a: 0');
    start();
    // Editors, `sed -i` and deploy tools write a temporary file and rename it over the old one.
    for (let save = 1; save <= 3; save++) {
      const before = calls;
      writeFileSync(join(directory, '.a.yaml.tmp'), `a: ${save}`);
      renameSync(join(directory, '.a.yaml.tmp'), join(directory, 'a.yaml'));
      await callsReach(before + 1);
    }
    const before = calls;
    writeFileSync(join(directory, 'a.yaml'), 'a: 4');
    await callsReach(before + 1);
  });

  it('watches directories created later, and a subdirectory removed and created again', async () => {
    start();
    mkdirSync(join(directory, 'late', 'deeper'), { recursive: true });
    await callsReach(1);
    await eventually('the new directories to be watched', async () => {
      const before = calls;
      writeFileSync(join(directory, 'late', 'deeper', 'd.yaml'), `d: ${before}`);
      return (await holdsFor(300, () => calls === before)) ? undefined : true;
    });
    rmSync(join(directory, 'nested'), { recursive: true });
    mkdirSync(join(directory, 'nested'));
    await eventually('the re-created subdirectory to be watched', async () => {
      const before = calls;
      writeFileSync(join(directory, 'nested', 'e.yaml'), `e: ${before}`);
      return (await holdsFor(300, () => calls === before)) ? undefined : true;
    });
  });

  it('calls nothing after close, even for a pending burst', async () => {
    const running = start();
    writeFileSync(join(directory, 'a.yaml'), 'a: 1');
    running.close();
    writeFileSync(join(directory, 'a.yaml'), 'a: 2');
    expect(await holdsFor(400, () => calls === 0)).toBe(true);
  });
});
