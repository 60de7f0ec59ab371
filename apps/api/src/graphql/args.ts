/**
 * Arguments shared by root fields: the context ids of GEINS-API §1 ("ctx"). All optional; the
 * server falls back to defaults when they are missing or unknown.
 */
import { builder } from './builder.ts';

/** `channelId`, `languageId`, `marketId` (GEINS-API §1 "Context IDs"). */
export const contextArgs = builder.args((t) => ({
  channelId: t.string({
    description:
      'The channel id, `{id}|{alias}` e.g. "1|se". Falls back to the default channel when missing or unknown.',
  }),
  languageId: t.string({
    description:
      'The language, a culture "sv-SE" or a short code "sv". Falls back to the market\'s default language.',
  }),
  marketId: t.string({
    description:
      'The market id "SE|SEK" or alias "se". Falls back to the channel\'s default market when missing or unknown (an unknown market is logged).',
  }),
}));
