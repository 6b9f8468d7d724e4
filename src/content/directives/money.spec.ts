import { DirectiveArgumentError } from './directive-functions';
import { currencyDigits, MoneyValue, moneyDirective } from './money';

describe('@money and the Money scalar', () => {
  const usd = new MoneyValue(1234.5, 'USD', 'en-US');

  it("formats with the currency in the value's locale by default", () => {
    expect(String(usd)).toBe('$1,234.50');
    expect(String(new MoneyValue(1234.5, 'EUR', 'de-DE'))).toBe('1.234,50\u00a0€');
    expect(String(new MoneyValue(1500, 'JPY', 'en-US'))).toBe('¥1,500');
  });

  it('gives the forms Craft names: string, number, decimal, amount (minor units)', () => {
    expect(moneyDirective(usd, {})).toBe('$1,234.50');
    expect(moneyDirective(usd, { format: 'number' })).toBe('1,234.50');
    expect(moneyDirective(usd, { format: 'decimal' })).toBe('1234.50');
    expect(moneyDirective(usd, { format: 'amount' })).toBe('123450');
    expect(moneyDirective(usd, { format: 'string', locale: 'de' })).toBe('1.234,50\u00a0$');
    expect(moneyDirective(new MoneyValue(0.1, 'KWD', 'en'), { format: 'amount' })).toBe('100');
  });

  it('leaves other values alone and refuses unknown formats and locales', () => {
    expect(moneyDirective('text', { format: 'amount' })).toBe('text');
    expect(() => moneyDirective(usd, { format: 'cents' })).toThrow(DirectiveArgumentError);
    expect(() => moneyDirective(usd, { locale: 'not a locale!' })).toThrow(DirectiveArgumentError);
  });

  it("knows each currency's digits", () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([
      2, 0, 3,
    ]);
  });
});
