import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadContentModel } from './project.loader';
import { ContentModelError } from './problems';

/** A temporary project directory for model tests: files by relative path. */
export class ProjectDir {
  readonly path = mkdtempSync(join(tmpdir(), 'content-project-'));

  constructor(files: Record<string, string> = {}) {
    this.write(files);
  }

  write(files: Record<string, string>): void {
    for (const [name, text] of Object.entries(files)) {
      const path = join(this.path, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }

  remove(name: string): void {
    rmSync(join(this.path, name));
  }

  dispose(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}

/** Two sites, two fields, one section: the smallest model most tests start from. */
export const BASE_FILES: Record<string, string> = {
  'sites.yaml': `
sites:
  - { handle: en, name: English, language: en-US, primary: true, baseUrl: 'https://example.com' }
  - { handle: de, name: Deutsch, language: de-DE, baseUrl: 'https://example.com/de/' }
`,
  'fields.yaml': `
fields:
  - { handle: summary, name: Summary, type: plainText }
  - { handle: body, name: Body, type: markdown, translatable: true }
`,
  'sections.yaml': `
sections:
  - handle: news
    name: News
    type: channel
    uriFormat: news/{slug}
    entryTypes:
      - { handle: article, name: Article, fields: [summary, body] }
      - { handle: link, name: Link, fields: [summary] }
`,
};

/** Loader options of the model tests. */
export const LOAD_OPTIONS = { volumesDir: '/srv/volumes', cwd: '/srv/app' };

/**
 * Makes temporary project directories (files by relative path) for the calling spec file, removed
 * after each of its tests.
 */
export function projectDirs(): (files: Record<string, string>) => string {
  let projects: ProjectDir[] = [];
  afterEach(() => {
    projects.forEach((p) => p.dispose());
    projects = [];
  });
  return (files) => {
    const dir = new ProjectDir(files);
    projects.push(dir);
    return dir.path;
  };
}

/** The messages of the ContentModelError loading `dir` throws. */
export function problemsOf(dir: string): readonly string[] {
  try {
    loadContentModel(dir, LOAD_OPTIONS);
  } catch (error) {
    if (error instanceof ContentModelError) return error.problems;
    throw error;
  }
  throw new Error('the model loaded without problems');
}
