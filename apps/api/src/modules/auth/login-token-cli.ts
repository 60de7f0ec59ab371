/**
 * `npm run login-token -w apps/api -- <e-mail> [path]`: prints a login link for the
 * impersonation/preview flow (SPEC §2 "logged in as another user", issue 13 §8), e.g. for
 * customer service: `<PUBLIC_URL><path>?loginToken=<token>` (path default `/mina-sidor/ordrar`).
 * The token works once, within 10 minutes; it needs only AUTH_JWT_SECRET (no database), so only
 * whoever runs the shop can make one. Opening it in a browser that already has a session asks
 * before that session is replaced.
 */
import { loadConfigOrExit } from '../../config.ts';
import { normalizeEmail } from '../customers/customers.service.ts';
import { issueLoginToken, LOGIN_TOKEN_SECONDS } from './tokens.ts';

const [email, path = '/mina-sidor/ordrar'] = process.argv.slice(2);
if (!email || !email.includes('@') || !path.startsWith('/')) {
  console.error('Usage: npm run login-token -w apps/api -- <e-mail> [/path]');
  process.exit(2);
}
const config = loadConfigOrExit();
const token = await issueLoginToken(normalizeEmail(email), config.auth, new Date());
const url = new URL(path, config.publicUrl);
url.searchParams.set('loginToken', token);
console.log(url.href);
console.error(`Works once, for ${LOGIN_TOKEN_SECONDS / 60} minutes.`);
