import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleConfigError } from '../rules/document';
import { readRuleFiles, RuleFilesLayout } from './rule-files.reader';

describe('readRuleFiles', () => {
  let root: string;
  let directory: string;
  let warnings: string[];
  const layout = (overrides: Partial<RuleFilesLayout> = {}): RuleFilesLayout => ({
    root,
    subdirectory: 'ratelimit',
    appDirectory: 'config',
    watchRoot: false,
    ignoreDotFiles: false,
    ...overrides,
  });
  const read = (overrides: Partial<RuleFilesLayout> = {}) =>
    readRuleFiles(layout(overrides), (message) => warnings.push(message));

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'reader-'));
    directory = join(root, 'ratelimit', 'config');
    mkdirSync(directory, { recursive: true });
    warnings = [];
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** What the kubelet mounts for a ConfigMap: a timestamped directory, `..data`, top-level links. */
  const configMap = (files: Record<string, string>) => {
    const timestamped = '..2024_01_01_00_00_00.123';
    mkdirSync(join(directory, timestamped));
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(directory, timestamped, name), text);
      symlinkSync(join('..data', name), join(directory, name));
    }
    symlinkSync(timestamped, join(directory, '..data'));
  };

  it('reads files recursively, labelled by their path, sorted, whatever their extension', () => {
    writeFileSync(join(directory, 'b.yaml'), 'b');
    mkdirSync(join(directory, 'team'));
    writeFileSync(join(directory, 'team', 'a.txt'), 'a');
    expect(read()).toEqual([
      { name: 'b.yaml', text: 'b' },
      { name: 'team.a.txt', text: 'a' },
    ]);
    expect(read({ watchRoot: true }).map((file) => file.name)).toEqual([
      'config.b.yaml',
      'config.team.a.txt',
    ]);
  });

  it('reads only the top-level links of a ConfigMap mount with RUNTIME_IGNOREDOTFILES=true', () => {
    configMap({ 'rules.yaml': 'domain: a', 'more.yaml': 'domain: b' });
    expect(read({ ignoreDotFiles: true })).toEqual([
      { name: 'more.yaml', text: 'domain: b' },
      { name: 'rules.yaml', text: 'domain: a' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('without RUNTIME_IGNOREDOTFILES also reads the timestamped directory and skips ..data, as upstream', () => {
    configMap({ 'rules.yaml': 'domain: a' });
    expect(read().map((file) => file.name)).toEqual([
      '..2024_01_01_00_00_00.123.rules.yaml',
      'rules.yaml',
    ]);
    expect(warnings).toEqual([`skipping symlinked directory ${join(directory, '..data')}`]);
  });

  it('skips dangling links (a ConfigMap key removed while its link is still there)', () => {
    writeFileSync(join(directory, 'a.yaml'), 'a');
    symlinkSync(join('..data', 'gone.yaml'), join(directory, 'gone.yaml'));
    expect(read().map((file) => file.name)).toEqual(['a.yaml']);
    expect(warnings).toEqual([`skipping dangling symlink ${join(directory, 'gone.yaml')}`]);
  });

  it('reports a missing rule directory as a load error', () => {
    rmSync(directory, { recursive: true });
    expect(() => read()).toThrow(
      new RuleConfigError(`rule directory ${directory} does not exist or is not a directory`),
    );
  });

  it('turns a file that cannot be read into a load error naming the file, not a crash', () => {
    // A file removed between listing and reading, as can happen while a swap is under way.
    const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
    writeFileSync(join(directory, 'a.yaml'), 'a');
    const spy = jest.spyOn(fs, 'readFileSync').mockImplementation(() => {
      throw Object.assign(new Error("ENOENT: no such file or directory, open 'a.yaml'"), {
        code: 'ENOENT',
      });
    });
    try {
      expect(() => read()).toThrow(
        new RuleConfigError(
          "a.yaml: error reading config file: ENOENT: no such file or directory, open 'a.yaml'",
        ),
      );
    } finally {
      spy.mockRestore();
    }
  });
});
