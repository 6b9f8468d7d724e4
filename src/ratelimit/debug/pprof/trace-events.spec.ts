import { text } from 'node:stream/consumers';
import { traceEventFile } from './trace-events';

describe('traceEventFile', () => {
  it('joins the collected chunks into one Trace Event Format document', async () => {
    const file = await text(traceEventFile([[{ name: 'a' }], [], [{ name: 'b' }, { name: 'c' }]]));
    expect(JSON.parse(file)).toEqual({
      traceEvents: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
    });
  });

  it('is valid with no events', async () => {
    expect(JSON.parse(await text(traceEventFile([])))).toEqual({ traceEvents: [] });
  });
});
