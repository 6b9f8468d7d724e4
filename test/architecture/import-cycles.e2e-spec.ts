import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/service-process';
import { importCycles, importGraph } from './import-graph';

describe('import cycles', () => {
  it('no file of src/ imports, through any chain, a file that imports it', () => {
    expect(importCycles(importGraph(join(PROJECT_ROOT, 'src')))).toEqual([]);
  });

  it('finds a cycle of type imports across folders, and only the files in it', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      mkdirSync(join(root, 'a'));
      mkdirSync(join(root, 'b'));
      writeFileSync(
        join(root, 'a', 'one.ts'),
        "import type { Two } from '../b/two';\nexport type One = Two;\n",
      );
      writeFileSync(join(root, 'b', 'two.ts'), "export type { One as Two } from '../a/one';\n");
      writeFileSync(
        join(root, 'b', 'three.ts'),
        "import { x } from './index';\nexport const y = x;\n",
      );
      writeFileSync(join(root, 'b', 'index.ts'), 'export const x = 1;\n');
      expect(importCycles(importGraph(root))).toEqual([['a/one.ts', 'b/two.ts']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
