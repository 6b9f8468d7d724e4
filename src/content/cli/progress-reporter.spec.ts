import { type ProgressSink, ProgressReporter } from './progress-reporter';

const TIMING = { delayMs: 500, redrawMs: 100, lineMs: 5000 };

function setup(isTTY: boolean) {
  const written: string[] = [];
  let now = 0;
  const sink: ProgressSink = { isTTY, columns: 80, write: (text) => written.push(text) };
  const reporter = new ProgressReporter(sink, 'importing', () => now, TIMING);
  return {
    written,
    reporter,
    at: (ms: number) => {
      now = ms;
    },
  };
}

describe('ProgressReporter', () => {
  it('on a terminal draws one bar in place after a short delay, and erases it at the end', () => {
    const { written, reporter, at } = setup(true);
    reporter.update({ done: 1, total: 40, unit: 'items' });
    at(400);
    reporter.update({ done: 2, total: 40, unit: 'items' });
    expect(written).toEqual([]);
    at(600);
    reporter.update({ done: 10, total: 40, unit: 'items' });
    at(650);
    reporter.update({ done: 11, total: 40, unit: 'items' });
    at(700);
    reporter.update({ done: 20, total: 40, unit: 'items' });
    // The last step and a new phase show at once.
    at(710);
    reporter.update({ done: 40, total: 40, unit: 'items' });
    at(720);
    reporter.update({ done: 0, total: 8, unit: 'relations' });
    reporter.finish();
    expect(written).toEqual([
      '\r\x1b[Kimporting [#######-----------------------] 25% 10/40 items',
      '\r\x1b[Kimporting [###############---------------] 50% 20/40 items',
      '\r\x1b[Kimporting [##############################] 100% 40/40 items',
      '\r\x1b[Kimporting [------------------------------] 0% 0/8 relations',
      '\r\x1b[K',
    ]);
  });

  it('without a terminal writes a plain line every few seconds, none for short runs', () => {
    const { written, reporter, at } = setup(false);
    at(4900);
    reporter.update({ done: 100, total: 1000, unit: 'items' });
    at(5000);
    reporter.update({ done: 101, total: 1000, unit: 'items' });
    at(9000);
    reporter.update({ done: 500, total: 1000, unit: 'items' });
    at(10000);
    reporter.update({ done: 1000, total: 1000, unit: 'items' });
    reporter.finish();
    expect(written).toEqual([
      // Counted from the phase's first report (at 4,900 ms): 101 in 0.1 s is too short to tell.
      'importing: 101/1000 items (10%)\n',
      'importing: 1000/1000 items (100%), 196/s, 0s left\n',
    ]);
  });

  it('narrows the bar on a narrow terminal', () => {
    const written: string[] = [];
    let now = 0;
    const reporter = new ProgressReporter(
      { isTTY: true, columns: 50, write: (text) => written.push(text) },
      'exporting',
      () => now,
      TIMING,
    );
    now = 1000;
    reporter.update({ done: 5, total: 10, unit: 'elements' });
    expect(written[0].length - '\r\x1b[K'.length).toBeLessThanOrEqual(50);
    expect(written[0]).toContain('50% 5/10 elements');
  });

  it("shows the phase's rate and the time left once it has run a second", () => {
    const { written, reporter, at } = setup(true);
    reporter.update({ done: 0, total: 10_000, unit: 'items' });
    at(2000);
    reporter.update({ done: 1000, total: 10_000, unit: 'items' });
    at(2100);
    reporter.update({ done: 0, total: 500, unit: 'relations' });
    at(4100);
    reporter.update({ done: 100, total: 500, unit: 'relations' });
    expect(written).toEqual([
      '\r\x1b[Kimporting [##---------------------------] 10% 1000/10000 items, 500/s, 18s left',
      '\r\x1b[Kimporting [------------------------------] 0% 0/500 relations',
      '\r\x1b[Kimporting [######------------------------] 20% 100/500 relations, 50/s, 8s left',
    ]);
  });
});
