import { parseRuleFile } from '../rule-file.parser';
import { failureOf, lines } from '../rule-file.parser.fixtures';

// Through parseRuleFile, so that the texts are checked as upstream prints them (file name first).
describe('parseRuleFile', () => {
  describe('step 1: generic parse', () => {
    it('reports an unterminated quote at the very end of a file without a final newline', () => {
      expect(failureOf('bad_yaml.yaml', "'''")).toBe(
        'bad_yaml.yaml: error loading config file: yaml: line 1: found unexpected end of stream',
      );
      expect(failureOf('f.yaml', 'domain: d\nkey: "a\\"')).toBe(
        'f.yaml: error loading config file: yaml: line 2: found unexpected end of stream',
      );
    });

    it('reports other syntax errors with the yaml reason and the line where they were found', () => {
      expect(failureOf('f.yaml', lines('domain: d', 'descriptors: [', ''))).toBe(
        'f.yaml: error loading config file: yaml: line 4: ' +
          'Flow sequence in block collection must be sufficiently indented and end with a ]',
      );
    });

    it('rejects a top-level list', () => {
      expect(failureOf('f.yaml', lines('- domain: d'))).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 1: cannot unmarshal !!seq into map[interface {}]interface {}',
      );
    });

    it('rejects top-level scalars with their tag and value', () => {
      expect(failureOf('f.yaml', 'hello\n')).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 1: cannot unmarshal !!str `hello` into map[interface {}]interface {}',
      );
      expect(failureOf('f.yaml', lines('# comment', '42'))).toBe(
        'f.yaml: error loading config file: yaml: unmarshal errors:\n' +
          '  line 2: cannot unmarshal !!int `42` into map[interface {}]interface {}',
      );
    });

    it.each([
      ['an empty file', ''],
      ['a comment-only file', '# nothing here\n'],
      ['a null document', '~\n'],
    ])('treats %s as an empty map', (_label, text) => {
      expect(parseRuleFile('f.yaml', text)).toEqual({ domain: '', descriptors: [] });
    });

    it('reads only the first document', () => {
      const text = lines('domain: first', '---', 'domain: second', 'bogus: [');
      expect(parseRuleFile('f.yaml', text)).toEqual({ domain: 'first', descriptors: [] });
    });

    it('lets a later duplicate key win', () => {
      expect(parseRuleFile('f.yaml', lines('domain: a', 'domain: b'))).toEqual({
        domain: 'b',
        descriptors: [],
      });
    });

    it('rejects an alias to an unknown anchor', () => {
      expect(failureOf('f.yaml', lines('domain: *nope'))).toBe(
        "f.yaml: error loading config file: yaml: unknown anchor 'nope' referenced",
      );
    });

    it('rejects an anchor that contains its own alias', () => {
      expect(failureOf('f.yaml', lines('domain: d', 'descriptors: &loop [*loop]'))).toBe(
        "f.yaml: error loading config file: yaml: anchor 'loop' value contains itself",
      );
    });

    it('rejects an alias bomb like yaml.v2', () => {
      const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
      for (let i = 1; i < 8; i += 1) {
        const previous = String.fromCharCode(96 + i);
        const current = String.fromCharCode(97 + i);
        levels.push(`${current}: &${current} [${Array(10).fill(`*${previous}`).join(', ')}]`);
      }
      expect(failureOf('f.yaml', lines(...levels))).toBe(
        'f.yaml: error loading config file: yaml: document contains excessive aliasing',
      );
    });

    it('rejects a merge key whose value is not a map', () => {
      expect(failureOf('f.yaml', lines('domain: d', '<<: 5'))).toBe(
        'f.yaml: error loading config file: yaml: map merge requires map or sequence of maps as the value',
      );
    });
  });
});
