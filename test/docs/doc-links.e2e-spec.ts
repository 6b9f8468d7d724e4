import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { PROJECT_ROOT } from '../support/service-process';
import { markdownFiles } from './doc-examples';

/**
 * The docs point only at files of the repository: every relative link (`[text](path)`) resolves,
 * from the document's directory, to a file that exists inside the repository; no relative path in
 * code (`` `../x/y.md` ``) leads out of it; no doc names an absolute path of a developer's machine.
 */

const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const CODE_PATH = /`(\.{1,2}\/[^`\s]+)`/g;
const MACHINE_PATH = /(?:^|[\s`(])(\/(?:work|home|Users|tmp)\/[^\s`)]+)/g;

function problemsOf(file: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, file), 'utf8');
  const directory = dirname(join(PROJECT_ROOT, file));
  const problems: string[] = [];
  const check = (target: string, mustExist = true) => {
    const path = target.split('#')[0];
    if (path === '') return;
    const absolute = resolve(directory, decodeURI(path));
    const inside = relative(PROJECT_ROOT, absolute);
    if (inside.startsWith('..') || inside.startsWith(sep)) {
      problems.push(`${file}: ${target} is outside the repository`);
    } else if (mustExist && !existsSync(absolute)) {
      problems.push(`${file}: ${target} does not exist`);
    }
  };
  for (const [, target] of text.matchAll(LINK)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // URLs, anchors
    check(target);
  }
  // `./data` in code may be a value; a `../` path in code names a file, which must be ours.
  for (const [, target] of text.matchAll(CODE_PATH)) check(target, target.startsWith('../'));
  for (const [, path] of text.matchAll(MACHINE_PATH)) {
    problems.push(`${file}: ${path} is a path on a machine, not in the repository`);
  }
  return problems;
}

describe('links of README.md and docs/*.md', () => {
  it.each(markdownFiles())('%s links only files inside the repository', (file) => {
    expect(problemsOf(file)).toEqual([]);
  });
});
