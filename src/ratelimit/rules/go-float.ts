/** How Go spells the values that have no digits (strconv says `NaN`/`+Inf`, the text format `nan`/`inf`). */
export interface NonFiniteSpelling {
  readonly nan: string;
  readonly inf: string;
  readonly negInf: string;
}

const STRCONV: NonFiniteSpelling = { nan: 'NaN', inf: '+Inf', negInf: '-Inf' };

/** strconv.FormatFloat(x, 'g', -1, 64): shortest digits, exponent form outside [1e-4, 1e6). */
export function formatGoFloat(x: number, spelling: NonFiniteSpelling = STRCONV): string {
  if (Number.isNaN(x)) return spelling.nan;
  if (!Number.isFinite(x)) return x > 0 ? spelling.inf : spelling.negInf;
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mantissa, exponentText] = x.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 6) return String(x);
  const sign = exponent < 0 ? '-' : '+';
  return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
}
