import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as it is stored: HTML reduced to an allow-list, as Craft runs rich text through HTML
 * Purifier on save. The list follows what Purifier's default configuration (with Craft's
 * `Attr.EnableID` and safe YouTube/Vimeo iframes) keeps of editor output: text structure, links,
 * images, tables, figures. Scripts, styles, forms, objects, event handler attributes and `style`
 * attributes are removed; URLs keep only http, https, mailto and tel schemes or are relative
 * (Craft's reference tags such as `{entry:12:url}` are relative URLs and survive); `data:` and
 * `javascript:` URLs are dropped (Purifier's default schemes do not include `data`); HTML comments
 * are dropped. Sanitising
 * is idempotent: stored values pass through unchanged on the next save or export/import.
 */

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const TAGS = [
  ...HEADINGS,
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'code',
  'pre',
  'kbd',
  'samp',
  'blockquote',
  'a',
  'img',
  'figure',
  'figcaption',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'iframe',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    '*': ['class', 'id', 'title', 'lang', 'dir'],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start', 'type', 'reversed'],
    col: ['span'],
    colgroup: ['span'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: true,
  // Purifier's SafeIframe as Craft configures it: YouTube and Vimeo embeds only.
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  // Only `_blank` (Purifier's Attr.AllowedFrameTargets in Craft's config).
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      return { tagName, attribs: target === '_blank' ? { ...rest, target } : rest };
    },
  },
  // An image or frame whose URL was refused is removed rather than kept empty.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' || frame.tag === 'iframe') && frame.attribs.src === undefined,
  // The contents of these are dropped with them, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template'],
};

/** The stored form of a rich text value (see above). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
