import { loadSettings } from '../../../../settings/settings.loader';
import { SettingsError } from '../../../../settings/settings';
import { compileMogrifiers, mogrify } from './mogrifier';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return [...error.problems];
    throw error;
  }
  return [];
}

const DOG = { USE_DOG_STATSD: 'true' };

describe('DogStatsD mogrifiers', () => {
  it('expands $0 and groups in name and tags; a missing group gives nothing', () => {
    const [mogrifier] = compileMogrifiers([
      { id: 'A', pattern: '^a\\.(\\w+)(\\.z)?$', metricName: 'b.$1$2', tags: { all: '$0' } },
    ]);
    expect(mogrify('a.x', [mogrifier])).toEqual({ name: 'b.x', tags: [['all', 'a.x']] });
    expect(mogrify('c.x', [mogrifier])).toEqual({ name: 'c.x', tags: [] });
  });

  it('are read from DOG_STATSD_MOGRIFIER_<NAME>_* in list order', () => {
    const settings = loadSettings({
      ...DOG,
      USE_DOG_STATSD_MOGRIFIERS: 'FIRST,SECOND',
      DOG_STATSD_MOGRIFIER_FIRST_PATTERN: '^a\\.(.*)',
      DOG_STATSD_MOGRIFIER_FIRST_NAME: 'a',
      DOG_STATSD_MOGRIFIER_FIRST_TAGS: 'rest:$1,kind:first',
      DOG_STATSD_MOGRIFIER_SECOND_PATTERN: '.*',
      DOG_STATSD_MOGRIFIER_SECOND_NAME: 'other',
    });
    expect(settings.dogStatsdMogrifiers).toEqual([
      { id: 'FIRST', pattern: '^a\\.(.*)', metricName: 'a', tags: { rest: '$1', kind: 'first' } },
      { id: 'SECOND', pattern: '.*', metricName: 'other', tags: {} },
    ]);
  });

  it('stop the boot naming the missing or bad variable', () => {
    expect(problemsOf({ ...DOG, USE_DOG_STATSD_MOGRIFIERS: 'HASH' })).toEqual([
      'DOG_STATSD_MOGRIFIER_HASH_PATTERN is not set: USE_DOG_STATSD_MOGRIFIERS lists HASH',
      'DOG_STATSD_MOGRIFIER_HASH_NAME is not set: USE_DOG_STATSD_MOGRIFIERS lists HASH',
    ]);
    const bad = problemsOf({
      ...DOG,
      USE_DOG_STATSD_MOGRIFIERS: 'HASH',
      DOG_STATSD_MOGRIFIER_HASH_PATTERN: '(',
      DOG_STATSD_MOGRIFIER_HASH_NAME: 'x',
      DOG_STATSD_MOGRIFIER_HASH_TAGS: 'domain',
    });
    expect(bad).toHaveLength(2);
    expect(bad[0]).toMatch(
      /^DOG_STATSD_MOGRIFIER_HASH_PATTERN="\(": not a valid regular expression/,
    );
    expect(bad[1]).toMatch(/^DOG_STATSD_MOGRIFIER_HASH_TAGS="domain": allowed values/);
    expect(
      problemsOf({
        ...DOG,
        USE_DOG_STATSD_MOGRIFIERS: 'HASH',
        DOG_STATSD_MOGRIFIER_HASH_PATTERN: 'x',
        DOG_STATSD_MOGRIFIER_HASH_NAME: 'x',
        DOG_STATSD_MOGRIFIER_HASH_TAGS: 'domain:',
      }),
    ).toEqual([
      'DOG_STATSD_MOGRIFIER_HASH_TAGS="domain:": allowed values: a list of tag:template pairs separated by commas',
    ]);
  });

  it('are not read unless the DogStatsD sink is chosen (as upstream)', () => {
    expect(loadSettings({ USE_DOG_STATSD_MOGRIFIERS: 'HASH' }).dogStatsdMogrifiers).toEqual([]);
    expect(
      loadSettings({ ...DOG, DISABLE_STATS: 'true', USE_DOG_STATSD_MOGRIFIERS: 'HASH' })
        .dogStatsdMogrifiers,
    ).toEqual([]);
  });
});
