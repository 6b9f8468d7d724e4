import type { StripTagsArgs } from './directive-functions';

/**
 * @stripTags, as PHP's strip_tags(): removes HTML tags except those named in `allowed` (`p` or
 * `<p>`, any letter case), and always removes comments, `<!...>` declarations and `<?...?>`
 * processing instructions; text and entities stay. A `<` followed by whitespace is text. A tag
 * with no closing `>` runs to the end of the text and is removed (as PHP does).
 */
export function stripTags(text: string, args: StripTagsArgs = {}): string {
  const allowed = new Set((args.allowed ?? []).map(normaliseTagName).filter((n) => n !== ''));
  let out = '';
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, lt);
    const next = text[lt + 1];
    if (next === undefined || /\s/.test(next)) {
      out += '<';
      i = lt + 1;
      continue;
    }
    if (text.startsWith('<!--', lt)) {
      i = after(text, '-->', lt + 4);
      continue;
    }
    if (next === '?') {
      i = after(text, '?>', lt + 2);
      continue;
    }
    const end = tagEnd(text, lt + 1);
    if (next !== '!' && allowed.has(tagName(text, lt + 1))) out += text.slice(lt, end);
    i = end;
  }
  return out.replace(/\0/g, '');
}

function normaliseTagName(name: string): string {
  return name.trim().replace(/^<\/?/, '').replace(/\/?>$/, '').trim().toLowerCase();
}

/** Index just past `terminator`, or the end of the text. */
function after(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  return at === -1 ? text.length : at + terminator.length;
}

/** Index just past the tag's `>`, skipping quoted attribute values; the end of the text if none. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return i + 1;
    }
  }
  return text.length;
}

function tagName(text: string, from: number): string {
  const match = /^\/?\s*([A-Za-z][A-Za-z0-9-]*)/.exec(text.slice(from, from + 64));
  return match === null ? '' : match[1].toLowerCase();
}
