export interface ImgTagAttributes {
  readonly src: string;
  readonly width: number | null;
  readonly height: number | null;
  /** Omitted when null or empty. */
  readonly srcset?: string | null;
  /** Craft passes the asset's alt text, else its title; omitted when null. */
  readonly alt: string | null;
}

/**
 * The Asset `img` field: an `<img>` tag with Craft's attribute order (src, width, height, srcset,
 * alt); values HTML-escaped, null attributes left out.
 */
export function imgTag(attributes: ImgTagAttributes): string {
  const pairs: [string, string | number | null | undefined][] = [
    ['src', attributes.src],
    ['width', attributes.width],
    ['height', attributes.height],
    ['srcset', attributes.srcset === '' ? null : attributes.srcset],
    ['alt', attributes.alt],
  ];
  const rendered = pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== null && pair[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');
  return `<img${rendered}>`;
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}
