import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('escapes the LIKE metacharacters so they match literally', () => {
    expect(containsPattern('team')).toBe('%team%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern("a'; drop table teams; --")).toBe("%a'; drop table teams; --%");
  });
});
