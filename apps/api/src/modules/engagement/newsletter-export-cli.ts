/**
 * `npm run newsletter:export -w apps/api [> subscribers.csv]`: writes the confirmed newsletter
 * subscribers as CSV to stdout (issue 17): email, tags, source, consented_at, confirmed_at,
 * consent_text. Pending (unconfirmed) and unsubscribed addresses are never exported. Reads the
 * database of DATABASE_URL (or the embedded one; not while the shop runs on it).
 */
import { openConfiguredDatabase } from '../../db/cli-database.ts';
import { confirmedSubscribers, subscribersCsv } from './newsletter.service.ts';

const handle = await openConfiguredDatabase();
try {
  const rows = await confirmedSubscribers(handle.db);
  process.stdout.write(subscribersCsv(rows));
  console.error(`${rows.length} confirmed subscribers.`);
} finally {
  await handle.close();
}
