import { join, resolve } from 'node:path';
import { RuleFilesLayout } from './rule-files.reader';
import { ruleWatchTarget } from './rule-watch-target';

const layout = (watchRoot: boolean, root = '/srv/runtime_data/current'): RuleFilesLayout => ({
  root,
  subdirectory: 'ratelimit',
  appDirectory: 'config',
  watchRoot,
  ignoreDotFiles: false,
});

describe('ruleWatchTarget', () => {
  it('in symlink mode watches the parent of RUNTIME_ROOT for events on its name only', () => {
    const target = ruleWatchTarget(layout(true));
    expect(target.directory).toBe('/srv/runtime_data');
    expect(target.accepts('current')).toBe(true);
    expect(target.accepts('current.tmp')).toBe(false);
    expect(target.accepts('other')).toBe(false);
    expect(target.accepts(null)).toBe(true);
  });

  it('resolves a relative or slash-terminated RUNTIME_ROOT first', () => {
    const relative = ruleWatchTarget(layout(true, 'config'));
    expect(relative.directory).toBe(process.cwd());
    expect(relative.accepts('config')).toBe(true);
    const slashed = ruleWatchTarget(layout(true, '/srv/runtime_data/current/'));
    expect(slashed.directory).toBe('/srv/runtime_data');
    expect(slashed.accepts('current')).toBe(true);
  });

  it('in directory mode watches the rule directory and reloads on any entry', () => {
    const target = ruleWatchTarget(layout(false, 'rules'));
    expect(target.directory).toBe(resolve(join('rules', 'ratelimit', 'config')));
    expect(target.accepts('a.yaml')).toBe(true);
    expect(target.accepts('..data')).toBe(true);
    expect(target.accepts(null)).toBe(true);
  });
});
