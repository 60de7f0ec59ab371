/**
 * The language an e-mail is written in (issue 43 "in the order's language"; issue 45): the
 * order's or the shopper's `languageId` (GEINS-API §3 language ids such as `sv-SE`, `nb-NO`,
 * `da-DK`, `fi-FI`, `sv-FI`, `en-US`) read as one of the languages the shop's mails are written
 * in. A language the mails lack is written in Swedish, the shop's own language.
 */

/** The languages of the shop's e-mails (ISO 639-1; `nb` for Norwegian Bokmål). */
export const MAIL_LANGUAGES = ['sv', 'nb', 'da', 'fi', 'en'] as const;

/** One of {@link MAIL_LANGUAGES}. */
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** Language subtags that name a mail language under another code. */
const ALIASES: Record<string, MailLanguage> = { no: 'nb', nn: 'nb' };

/**
 * The mail language of `languageId`: its primary subtag (`nb-NO` → `nb`, `sv-FI` → `sv`,
 * `no` → `nb`), Swedish for an unknown, empty or missing one.
 */
export function mailLanguageOf(languageId: string | null | undefined): MailLanguage {
  const primary = (languageId ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if ((MAIL_LANGUAGES as readonly string[]).includes(primary)) return primary as MailLanguage;
  return ALIASES[primary] ?? 'sv';
}
