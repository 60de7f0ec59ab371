/**
 * `npm run content -w apps/api -- preview-token [editor] [path]` (issue 16): prints a widget
 * preview link `<PUBLIC_URL><path>?loginToken=<token>` (path default `/preview-widgets`), valid for
 * 8 hours. `widgetArea(preview: true)` accepts the token as `Authorization: Bearer`. It needs only
 * AUTH_JWT_SECRET, so only whoever runs the shop can make one. Content editors get their own
 * staff link in the back office (issue 27: `contentPreviewLink`, valid 1 hour, only while the
 * editor is active).
 */
import { loadConfigOrExit } from '../../config.ts';
import { issuePreviewToken, PREVIEW_TOKEN_SECONDS } from './preview-token.ts';

const [command, editor = 'cli', path = '/preview-widgets'] = process.argv.slice(2);
if (command !== 'preview-token' || !path.startsWith('/')) {
  console.error('Usage: npm run content -w apps/api -- preview-token [editor] [/path]');
  process.exit(2);
}
const config = loadConfigOrExit();
const token = await issuePreviewToken(editor, config.auth, new Date());
const url = new URL(path, config.publicUrl);
url.searchParams.set('loginToken', token);
console.log(url.href);
console.error(`Valid for ${PREVIEW_TOKEN_SECONDS / 3600} hours.`);
