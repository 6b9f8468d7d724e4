import { IdRuns } from './id-runs';

describe('IdRuns', () => {
  it('holds exactly the ids added, in any order, as a model set does', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const runs = new IdRuns();
    const model = new Set<number>();
    for (let i = 0; i < 3_000; i++) {
      const id = random() < 0.7 ? i : Math.floor(random() * 4_000);
      runs.add(id);
      model.add(id);
    }
    for (let id = -2; id < 4_002; id++) expect(runs.has(id)).toBe(model.has(id));
  });

  it('joins neighbouring runs', () => {
    const runs = new IdRuns();
    for (const id of [5, 7, 6, 1, 3, 2]) runs.add(id);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter((id) => runs.has(id))).toEqual([1, 2, 3, 5, 6, 7]);
  });
});
