/**
 * `npm run reviews -w apps/api -- <command>`: moderation of product reviews until the back
 * office exists (issue 17; SPEC §4 "Reviews go to acceptance and are published later").
 *   list [pending|published|rejected]   the reviews in that state (default pending), oldest first
 *   publish <id>                        shows the review on the product page
 *   reject <id> [reason…]               never shows it (the reason is stored with it)
 * Each decision is in the audit log (no staff user: the system).
 * Reads the database of DATABASE_URL (or the embedded one; not while the shop runs on it).
 */
import { openConfiguredDatabase } from '../../db/cli-database.ts';
import { REVIEW_STATES } from './engagement.tables.ts';
import { moderateReview, reviewsInState, type ReviewState } from './reviews.service.ts';

const [command, argument, ...reasonWords] = process.argv.slice(2);
const usage =
  'Usage: npm run reviews -w apps/api -- list [state] | publish <id> | reject <id> [reason]';
if (command !== 'list' && command !== 'publish' && command !== 'reject') {
  console.error(usage);
  process.exit(2);
}
const handle = await openConfiguredDatabase();
try {
  if (command === 'list') {
    const state = (argument ?? 'pending') as ReviewState;
    if (!REVIEW_STATES.includes(state)) {
      console.error(usage);
      process.exitCode = 2;
    } else {
      for (const r of await reviewsInState(handle.db, state)) {
        console.log(
          `#${r.id} ${r.product} ${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)} ` +
            `${JSON.stringify(r.author)}${r.verifiedPurchase ? ' (verifierat köp)' : ''} ` +
            `${r.createdAt.toISOString()}\n    ${JSON.stringify(r.comment)}`,
        );
      }
    }
  } else {
    const id = Number(argument);
    const done =
      Number.isInteger(id) &&
      (await moderateReview(
        handle.db,
        id,
        command === 'publish' ? 'published' : 'rejected',
        new Date(),
        { reason: reasonWords.join(' ') },
      ));
    if (!done) {
      console.error(`No review #${argument}.`);
      process.exitCode = 1;
    } else console.log(`Review #${id} ${command === 'publish' ? 'published' : 'rejected'}.`);
  }
} finally {
  await handle.close();
}
