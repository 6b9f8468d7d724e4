import { formatAtomDate } from './atom-date';

describe('formatAtomDate', () => {
  const instant = new Date('2019-08-21T10:05:00.750Z');

  it('writes UTC with +00:00 and whole seconds', () => {
    expect(formatAtomDate(instant, 'UTC')).toBe('2019-08-21T10:05:00+00:00');
  });

  it('writes the wall clock and offset of another zone, daylight saving included', () => {
    expect(formatAtomDate(instant, 'Europe/Berlin')).toBe('2019-08-21T12:05:00+02:00');
    expect(formatAtomDate(new Date('2019-01-21T10:05:00Z'), 'Europe/Berlin')).toBe(
      '2019-01-21T11:05:00+01:00',
    );
    expect(formatAtomDate(instant, 'America/New_York')).toBe('2019-08-21T06:05:00-04:00');
    expect(formatAtomDate(instant, 'Asia/Kolkata')).toBe('2019-08-21T15:35:00+05:30');
  });

  it('crosses midnight into the previous day west of UTC', () => {
    expect(formatAtomDate(new Date('2024-03-01T02:00:00Z'), 'America/Los_Angeles')).toBe(
      '2024-02-29T18:00:00-08:00',
    );
  });
});
