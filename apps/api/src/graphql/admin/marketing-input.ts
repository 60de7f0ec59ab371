/**
 * Input parsing of the marketing operations of the admin API (issue 26 "Prices": campaigns, promo
 * codes, gift cards): zod schemas with Swedish messages for staff (the schemas' own, else zod's
 * Swedish locale), and a parse that turns the first problem into a typed BAD_USER_INPUT error.
 */
import { z } from 'zod';
import { swedishInputError } from '../../errors.ts';

const swedishLocale = z.locales.sv().localeError;

/**
 * The input parsed with `schema`, or BAD_USER_INPUT with a Swedish message, `extensions.argument`
 * the path of the bad field (e.g. `input.endsAt`) and `extensions.locale` `sv`.
 * @throws ShopError BAD_USER_INPUT
 */
export function parseSwedishInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value, { error: swedishLocale });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const argument = issue.path.map(String).join('.');
  throw swedishInputError(issue.message, argument || undefined);
}

/** A positive database id. */
export const idSchema = z.number().int().positive('Ogiltigt id.');

/** Öre (minor units), zero or more. */
export const amountSchema = z
  .number()
  .int('Beloppet ska anges i hela ören.')
  .min(0, 'Beloppet får inte vara negativt.')
  .max(100_000_000, 'Beloppet är för stort.');
