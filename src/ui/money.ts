// The app's money formatter is the contract's, so the screens, the back office and the
// server's documents write an amount the same way: by its currency, in every language
// (₹9,99,765.97 in Korean too; ₩260,500 in English too). Amounts arrive as decimal
// strings ("1000000.00") or bigint hundredths and never become a float.
export { type Currency, currencySymbols, formatMoney, type MoneyFormat, noAmount } from '../../contract/money.ts';
