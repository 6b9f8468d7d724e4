import { DirectiveArgumentError } from './directive-functions';
import { resolveLocale } from './locale-names';

/**
 * A Money field's value on its way out: the amount in the currency's major units (as stored), the
 * currency, and the locale of the element's site, which formats it unless `@money` names another.
 */
export class MoneyValue {
  constructor(
    readonly amount: number,
    readonly currency: string,
    readonly locale: string,
  ) {}

  /** Craft's default output: the amount formatted with its currency (`$1,234.50`). */
  toString(): string {
    return formatMoney(this, 'string');
  }
}

export interface MoneyArgs {
  /** `string` (default), `number`, `decimal` or `amount`. */
  readonly format?: string | null;
  /** BCP 47; default: the element's site language. */
  readonly locale?: string | null;
}

const FORMATS = ['string', 'number', 'decimal', 'amount'] as const;
type MoneyFormat = (typeof FORMATS)[number];

/** The digits after the decimal point of a currency (2 for USD, 0 for JPY, 3 for KWD). */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * @money on one value: `string` the localised amount with its currency, `number` the localised
 * amount alone, `decimal` the amount with a point and the currency's digits (`1234.50`), `amount`
 * the amount in minor units (`123450`), as Craft's MoneyHelper gives them. Other values pass.
 */
export function moneyDirective(value: unknown, args: MoneyArgs): unknown {
  if (!(value instanceof MoneyValue)) return value;
  const format = args.format ?? 'string';
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new DirectiveArgumentError(
      `Invalid money format (${format}): use one of ${FORMATS.join(', ')}`,
    );
  }
  const locale =
    args.locale === null || args.locale === undefined ? value.locale : resolveLocale(args.locale);
  return formatMoney(new MoneyValue(value.amount, value.currency, locale), format as MoneyFormat);
}

function formatMoney(value: MoneyValue, format: MoneyFormat): string {
  const digits = currencyDigits(value.currency);
  switch (format) {
    case 'string':
      return new Intl.NumberFormat(value.locale, {
        style: 'currency',
        currency: value.currency,
      }).format(value.amount);
    case 'number':
      return new Intl.NumberFormat(value.locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value.amount);
    case 'decimal':
      return value.amount.toFixed(digits);
    case 'amount':
      return String(Math.round(value.amount * 10 ** digits));
  }
}
