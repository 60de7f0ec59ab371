/** The root loader's consent data (issue 19): the stored choice and the configured tags. */
import type { AppLoadContext } from 'react-router';
import { parseConsent } from './consent';
import type { ConsentView } from './consent-tags';

/** Reads `ralph-consent` (signed; a tampered value reads as no choice) and the tag settings. */
export async function consentView(request: Request, context: AppLoadContext): Promise<ConsentView> {
  const value = await context.cookies.consent.read(request.headers.get('Cookie'));
  return {
    choice: parseConsent(value),
    gtmId: context.tags?.gtmId ?? null,
    trustSealSrc: context.tags?.trustSealSrc ?? null,
  };
}
