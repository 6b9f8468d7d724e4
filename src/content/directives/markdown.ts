import { Marked, type MarkedExtension, type Tokens } from 'marked';
import { DirectiveArgumentError, type MarkdownArgs } from './directive-functions';

/**
 * Craft's flavors (Yii's Markdown helper) mapped onto marked:
 * - `original` (default): traditional Markdown: no tables, strikethrough or bare-URL links (fenced
 *   code blocks do work: marked cannot switch them off cleanly, and a code block is what was meant);
 * - `gfm`: GitHub Flavored Markdown (tables, fenced code, ~~strikethrough~~, bare-URL links);
 * - `gfm-comment`: gfm where a line break is a `<br>` (as in GitHub comments);
 * - `extra`: Markdown Extra's tables, fenced code and `{#id .class}` on headings (no footnotes).
 */
export const MARKDOWN_FLAVORS = ['original', 'gfm', 'gfm-comment', 'extra'] as const;
export type MarkdownFlavor = (typeof MARKDOWN_FLAVORS)[number];

const renderers = new Map<MarkdownFlavor, Marked>();

/**
 * @markdown: the text as HTML; `inlineOnly` parses inline syntax only, without `<p>` wrappers.
 * HTML in the text passes through (as in Craft): chain @stripTags to limit it.
 * @throws DirectiveArgumentError for an unknown flavor
 */
export function renderMarkdown(text: string, args: MarkdownArgs): string {
  const marked = renderer(flavorOf(args.flavor));
  return args.inlineOnly === true
    ? marked.parseInline(text, { async: false })
    : marked.parse(text, { async: false });
}

function flavorOf(flavor: string | null | undefined): MarkdownFlavor {
  if (flavor === null || flavor === undefined || flavor === '') return 'original';
  if ((MARKDOWN_FLAVORS as readonly string[]).includes(flavor)) return flavor as MarkdownFlavor;
  throw new DirectiveArgumentError(
    `Markdown flavor "${flavor}" is not defined; use one of ${MARKDOWN_FLAVORS.join(', ')}`,
  );
}

function renderer(flavor: MarkdownFlavor): Marked {
  let marked = renderers.get(flavor);
  if (marked === undefined) {
    marked = createRenderer(flavor);
    renderers.set(flavor, marked);
  }
  return marked;
}

function createRenderer(flavor: MarkdownFlavor): Marked {
  switch (flavor) {
    case 'original':
      return new Marked({ gfm: false, breaks: false });
    case 'gfm':
      return new Marked({ gfm: true, breaks: false });
    case 'gfm-comment':
      return new Marked({ gfm: true, breaks: true });
    case 'extra':
      return new Marked({ gfm: true, breaks: false }, withoutGithubInline, headingAttributes);
  }
}

/**
 * Markdown Extra has GitHub's tables but neither strikethrough nor bare-URL links; a tokenizer
 * returning undefined makes marked skip that syntax.
 */
const withoutGithubInline: MarkedExtension = {
  tokenizer: { del: () => undefined, url: () => undefined },
};

const ATTRIBUTE_BLOCK = /[ \t]*\{((?:[ \t]*[#.][\w:-]+)+)[ \t]*\}[ \t]*$/;

interface HeadingAttributes {
  id?: string;
  classes: string[];
}
const attributesByToken = new WeakMap<Tokens.Heading, HeadingAttributes>();

/** Markdown Extra's special attributes on headings: `## Title {#id .class}`. */
const headingAttributes: MarkedExtension = {
  walkTokens(token) {
    if (token.type !== 'heading') return;
    const heading = token as Tokens.Heading;
    const match = ATTRIBUTE_BLOCK.exec(heading.text);
    const last = heading.tokens[heading.tokens.length - 1];
    if (match === null || last === undefined || last.type !== 'text') return;
    const attributes: HeadingAttributes = { classes: [] };
    for (const item of match[1].trim().split(/[ \t]+/)) {
      if (item.startsWith('#')) attributes.id = item.slice(1);
      else attributes.classes.push(item.slice(1));
    }
    const text = last as Tokens.Text;
    text.text = text.text.replace(ATTRIBUTE_BLOCK, '');
    text.raw = text.raw.replace(ATTRIBUTE_BLOCK, '');
    heading.text = heading.text.replace(ATTRIBUTE_BLOCK, '');
    attributesByToken.set(heading, attributes);
  },
  renderer: {
    heading(token) {
      const attributes = attributesByToken.get(token);
      let open = `h${token.depth}`;
      if (attributes?.id !== undefined) open += ` id="${attributes.id}"`;
      if (attributes !== undefined && attributes.classes.length > 0) {
        open += ` class="${attributes.classes.join(' ')}"`;
      }
      return `<${open}>${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
    },
  },
};
