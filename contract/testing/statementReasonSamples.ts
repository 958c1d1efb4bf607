import { z } from 'zod';
import { type MoneyParam, moneyParam, type StatementReasonKind, type StatementReasonParams, statementReasonParams } from '../statementReasons.ts';

// Tests only: parameters for every statement reason kind, built from the kind's own schema so
// that a kind or a parameter added to the contract later is exercised by the tests that
// enumerate the kinds (the app's sentences, the CSV in each language).

/** ₹9,99,765.97: large enough to show the Indian grouping that rupees keep in every language. */
export const sampleMoney: MoneyParam = { amount: '99976597', currency: 'INR' };
export const sampleMoneyText = '₹9,99,765.97';

function sampleOf(name: string, schema: z.ZodType): unknown {
  if (schema instanceof z.ZodOptional) return sampleOf(name, schema.unwrap() as z.ZodType);
  if (schema === moneyParam) return sampleMoney;
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodNumber) return 20;
  if (name.endsWith('_no') || name.endsWith('_id')) return '4711';
  if (name === 'quantity') return '300';
  // Parameters with a format of their own: an exchange rate (a decimal) and a business date.
  if (name === 'rate') return '16.2';
  // A strategy fund's units and NAV: decimals with four places.
  if (name === 'units') return '500.0000';
  if (name === 'nav') return '10.1234';
  if (name === 'date' || name.endsWith('_day')) return '2026-11-24';
  return `Sample ${name}`;
}

/** Every parameter of the kind, optional ones included, with a sample value. */
export function sampleStatementParams<Kind extends StatementReasonKind>(kind: Kind): StatementReasonParams<Kind> {
  const shape = statementReasonParams[kind].shape as Record<string, z.ZodType>;
  return statementReasonParams[kind].parse(Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, sampleOf(name, schema)]))) as StatementReasonParams<Kind>;
}
