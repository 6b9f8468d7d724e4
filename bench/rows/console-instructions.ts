import { PROJECT_ROOT } from '../../test/support/service-process';
import { ONE, THREE } from '../requests';
import { Figure, Row, ratioRow } from '../report/row';
import { BENCH } from '../settings';
import { grpcFramedRequest, protoRootOf } from '../tools/grpc-frame';
import { instructionsPerDecision } from '../tools/instruction-count';
import { median } from '../tools/median';
import { benchRules } from '../tools/rule-files';
import { SHAPES, shapeLabel } from '../tools/service-launcher';

const AT_LEAST = 0.97;
const WARM_UP = 20_000;
const MEASURED = 5_000;

/**
 * The console's accounting on against off, as instructions the service executes per gRPC decision
 * (tools/instruction-count.ts): the figure that shows a 3 % difference on a machine where two
 * processes of one build differ by more than that in throughput. Per shape, BENCH_CALLGRIND_ROUNDS
 * rounds of one process per side, alternating; the ratio is of the medians.
 */
export async function consoleInstructionRows(): Promise<Row[]> {
  const root = protoRootOf(PROJECT_ROOT);
  const requests = [
    ['1 descriptor', grpcFramedRequest(root, ONE)],
    ['3 descriptors', grpcFramedRequest(root, THREE)],
  ] as const;
  const rules = benchRules('bench.yaml');
  const rows: Row[] = [];
  for (const shape of SHAPES) {
    const counts = { on: [] as Map<string, number>[], off: [] as Map<string, number>[] };
    for (let round = 0; round < BENCH.callgrindRounds; round++) {
      for (const side of ['on', 'off'] as const) {
        counts[side].push(
          await instructionsPerDecision({
            label: `accounting ${side} (callgrind)`,
            shape,
            env: {
              ...rules,
              BACKEND_TYPE: 'memory',
              DEBUG_CONSOLE_ACCOUNTING: String(side === 'on'),
            },
            requests,
            warmUp: WARM_UP,
            measured: MEASURED,
          }),
        );
      }
    }
    for (const [label] of requests) {
      const per = (side: 'on' | 'off') => counts[side].map((round) => round.get(label) ?? NaN);
      const figure = (side: 'on' | 'off'): Figure => ({
        value: 1e9 / median(per(side)),
        unit: 'decisions/G instr',
      });
      const thousands = (side: 'on' | 'off') =>
        per(side)
          .map((count) => (count / 1000).toFixed(1))
          .join(', ');
      rows.push(
        ratioRow(
          {
            group: 'console',
            measure: `gRPC decisions per instruction of the service's main thread (callgrind), memory store, ${label}: console accounting on / off`,
            shape: shapeLabel(shape),
            note: `thousand instructions per decision, rounds on: ${thousands('on')}; off: ${thousands('off')}`,
          },
          figure('on'),
          figure('off'),
          AT_LEAST,
        ),
      );
    }
  }
  return rows;
}
