/**
 * Open payment sessions of the providers (issue 42): a cart's open session, reused while the
 * checkout changes; and, for the reconciliation job (ADR 019 §5; checkout/payment-reconcile.run.ts),
 * sessions without an order that the provider may have authorised although neither its
 * push/webhook nor the shopper's confirm page came back.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PaymentSessionRecord } from './payments.service.ts';
import { paymentSessions } from './payments.tables.ts';

/**
 * Sessions of `providers` still created or approved, without an order, with the provider's id,
 * last changed between `changedFrom` and `changedUntil`, oldest change first, at most `limit`.
 */
export async function quietOpenSessions(
  db: Database,
  providers: readonly string[],
  changedFrom: Date,
  changedUntil: Date,
  limit: number,
): Promise<PaymentSessionRecord[]> {
  if (providers.length === 0) return [];
  return db
    .select()
    .from(paymentSessions)
    .where(
      and(
        inArray(paymentSessions.provider, [...providers]),
        inArray(paymentSessions.status, ['created', 'approved']),
        isNull(paymentSessions.orderId),
        isNotNull(paymentSessions.providerRef),
        gte(paymentSessions.updatedAt, changedFrom),
        lte(paymentSessions.updatedAt, changedUntil),
      ),
    )
    .orderBy(asc(paymentSessions.updatedAt))
    .limit(limit);
}

/** The cart's newest session of `provider` still `created` with the provider's id, or null. */
export async function openProviderSession(
  db: Database,
  cartId: string,
  provider: string,
): Promise<PaymentSessionRecord | null> {
  const [open] = await db
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.cartId, cartId),
        eq(paymentSessions.provider, provider),
        eq(paymentSessions.status, 'created'),
        isNotNull(paymentSessions.providerRef),
      ),
    )
    .orderBy(desc(paymentSessions.createdAt))
    .limit(1);
  return open ?? null;
}
