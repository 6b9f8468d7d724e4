import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/service-process';
import { serviceCallingBlocks } from './doc-coverage';
import { markdownFiles } from './doc-examples';

/**
 * Every doc block that calls the service either runs in the docs test or says why it cannot
 * (test/docs/doc-coverage.ts): a new curl example cannot slip in untested.
 */

const bins = Object.keys(
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { bin: object }).bin,
);

describe('doc blocks that call the service', () => {
  it.each(markdownFiles())('%s: each runs in the docs test or gives a reason not to', (file) => {
    const unmarked = serviceCallingBlocks(file, bins)
      .filter((block) => block.marker === 'none' || (block.marker === 'skip' && !block.reason))
      .map((block) => `${block.file}:${block.line}: ${block.command}`);
    expect(unmarked).toEqual([]);
  });

  it('are found (the scan sees the marked examples)', () => {
    const blocks = markdownFiles().flatMap((file) => serviceCallingBlocks(file, bins));
    expect(blocks.filter((block) => block.marker === 'run').length).toBeGreaterThan(10);
  });
});
