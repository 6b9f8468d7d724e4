import { Fleet, Store } from '../fleet';
import { grpcLoad } from '../load';
import { algorithmRequest, ALGORITHMS } from '../requests';
import { Row, ratioRow, skippedRow, throughput } from '../report/row';
import { BENCH } from '../settings';
import { alternate } from '../tools/alternate';
import { grpcProblem } from '../tools/probe';
import { shapeLabel } from '../tools/service-launcher';

const AT_LEAST = 0.85;
const STORE_NAME: Record<Store, string> = { memory: 'memory store', redis: 'Redis store' };

/**
 * Issue 14: sliding window, token bucket and a two-limit descriptor against a fixed window, on a
 * `MODULES=ratelimit` service per store holding rules/algorithms.yaml; the four rules alternate
 * round by round in one run (gRPC, one descriptor, saturated). A service that refuses the rules
 * (a build before issue 14) gives skipped rows with its reason.
 */
export async function algorithmRows(fleet: Fleet): Promise<Row[]> {
  const rows: Row[] = [];
  if (!fleet.algorithms) return rows;
  for (const store of ['memory', 'redis'] as const) {
    const service = fleet.algorithms[store];
    const base = (label: string) => ({
      group: 'algorithms',
      measure: `gRPC, ${STORE_NAME[store]}, ${label} / fixed window`,
      shape: shapeLabel(service.shape),
    });
    const problems = await Promise.all(
      ALGORITHMS.map(async ({ key }) => ({
        key,
        problem: await grpcProblem(service, algorithmRequest(key)),
      })),
    );
    const refused = problems.filter(({ problem }) => problem !== undefined);
    if (refused.length > 0) {
      const reason = `rules/algorithms.yaml not served (key ${refused[0].key}): ${refused[0].problem}`;
      for (const { label } of ALGORITHMS.slice(1)) rows.push(skippedRow(base(label), reason));
      continue;
    }
    const [fixed, ...others] = await alternate(
      ALGORITHMS.map(
        ({ key }) =>
          () =>
            grpcLoad(service.grpcUrl, algorithmRequest(key)),
      ),
      BENCH.rounds,
    );
    ALGORITHMS.slice(1).forEach(({ label }, index) =>
      rows.push(ratioRow(base(label), throughput(others[index]), throughput(fixed), AT_LEAST)),
    );
  }
  return rows;
}
