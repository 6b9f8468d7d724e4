import type { CommandIo } from './command';
import { contentExport } from './export.command';
import { contentImport } from './import.command';

function recorder() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    env: {},
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    progress: { isTTY: false, write: () => undefined },
  };
  return { io, out, err };
}

// Command lines that are refused before anything is opened (the commands' work is covered by
// test/content/import-export.e2e-spec.ts, which runs them as processes).
describe('content commands', () => {
  it('content-import needs at least one path', async () => {
    const { io, err, out } = recorder();
    expect(await contentImport([], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err[0]).toBe('missing arguments');
    expect(err[1]).toBe('usage: content-import [flags] <dir|file>...');
    expect(err.join('\n')).toContain('-quiet');
  });

  it('content-export takes one directory and yaml or json', async () => {
    let run = recorder();
    expect(await contentExport(['a', 'b'], run.io)).toBe(2);
    expect(run.err[0]).toBe('unexpected argument: b');
    run = recorder();
    expect(await contentExport(['-format', 'xml', 'out'], run.io)).toBe(2);
    expect(run.err[0]).toBe('invalid value "xml" for flag -format: expected yaml or json');
    run = recorder();
    expect(await contentExport(['-nope', 'out'], run.io)).toBe(2);
    expect(run.err[0]).toBe('flag provided but not defined: -nope');
  });
});
