import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Settings } from '../../settings/settings';
import { PersistedQueryAllowList } from './persisted-query-allow-list';

describe('PersistedQueryAllowList', () => {
  it('keeps the loaded list when a reload fails', () => {
    const directory = mkdtempSync(join(tmpdir(), 'allow-list-'));
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      writeFileSync(join(directory, 'a.graphql'), '{ a }');
      const settings = {
        content: { persistedQueries: 'only', persistedQueriesDir: directory },
      } as Settings;
      const list = new PersistedQueryAllowList(settings);
      list.reload();
      expect(list.allows('{ a }')).toBe(true);
      writeFileSync(join(directory, 'm.json'), '{nope');
      list.reload();
      expect(list.allows('{ a }')).toBe(true);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('keeping the 1 operations'));
      rmSync(join(directory, 'm.json'));
      writeFileSync(join(directory, 'b.graphql'), '{ b }');
      list.reload();
      expect([list.allows('{ a }'), list.allows('{ b }'), list.allows('{ c }')]).toEqual([
        true,
        true,
        false,
      ]);
    } finally {
      jest.restoreAllMocks();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
