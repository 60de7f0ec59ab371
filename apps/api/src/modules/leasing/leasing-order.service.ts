/**
 * The förmånscykel order flow (issue 21, SPEC §9 "leasing order flow"):
 * - {@link placeLeasingOrder}: a leasing cart and an application become one order in ONE
 *   transaction, through the checkout's order writer (stock reserved as for any order), with the
 *   leasing payment option (no card), in status `awaiting_approval`, plus the application row;
 *   the order process enqueues the employer's mail with signed approve/decline links.
 * - {@link leasingApplicationByToken} and {@link decideLeasingApplication}: the employer's page
 *   reads the application by a link and decides once; approve moves the order to `received`
 *   (the order e-mail to the employee follows), decline cancels it (stock returned), both
 *   through the order process.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { findCart } from '../cart/cart.service.ts';
import type { CartView } from '../cart/cart-view.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { isUniqueViolation, writeOrderFromCart } from '../checkout/order-writer.ts';
import { transitionOrder } from '../orders/order-process.ts';
import {
  findOrderByKeyOrCart,
  getOrderView,
  getOrderViewByPublicId,
  type OrderRecord,
  type OrderView,
} from '../orders/orders.service.ts';
import { providerFor } from '../payments/payments.service.ts';
import { LEASING_PAYMENT_OPTION } from '../payments/payment-options.ts';
import { calculateLeasing, type LeasingResult } from './leasing-calculation.ts';
import { leasingCartProblems } from './leasing-cart-rules.ts';
import { parseLeasingApplication, type LeasingApplication } from './leasing-application-input.ts';
import { verifyLeasingLink, type LeasingDecision } from './leasing-links.ts';
import { LEASING_SETTINGS, type LeasingSettings } from './leasing-settings.ts';
import { leasingApplications } from './leasing.tables.ts';

/** A stored application row. */
export type LeasingApplicationRecord = typeof leasingApplications.$inferSelect;

/**
 * The monthly figures of an application: the bikes' price (every line of a valid leasing cart,
 * incl. VAT) leased over the period, one service package per bike (ADR 013).
 */
export function applicationFigures(
  lines: readonly { quantity: number; totalIncVat: number; leasable: boolean }[],
  application: Pick<LeasingApplication, 'periodMonths' | 'packageId' | 'marginalTaxPercent'>,
  settings: LeasingSettings = LEASING_SETTINGS,
): LeasingResult {
  const bikes = lines.filter((l) => l.leasable).reduce((n, l) => n + l.quantity, 0);
  const pkg = settings.packages.find((p) => p.id === application.packageId)!;
  return calculateLeasing(
    {
      priceIncVat: lines.reduce((sum, l) => sum + l.totalIncVat, 0),
      periodMonths: application.periodMonths,
      packageFeePerYear: pkg.pricePerYear * Math.max(1, bikes),
      marginalTaxBasisPoints: Math.round(application.marginalTaxPercent * 100),
    },
    settings,
  );
}

/** The cart's lines as the leasing rules and the figures see them. */
function leasingLines(view: CartView) {
  return view.lines.map((l) => ({
    skuId: l.skuId,
    productName: l.productName,
    leasable: l.product?.leasable === true,
    unitPriceIncVat: l.unitPriceIncVat,
    quantity: l.quantity,
    totalIncVat: l.totals.finalIncVat,
  }));
}

/**
 * Refuses a cart that breaks a leasing rule (leasing-cart-rules.ts).
 * @throws ShopError BAD_USER_INPUT (extensions.reason `leasing-rules`, extensions.problems)
 */
function checkLeasingCart(view: CartView): void {
  const problems = leasingCartProblems(leasingLines(view), LEASING_SETTINGS);
  if (problems.length > 0) {
    throw new ShopError('BAD_USER_INPUT', `The leasing cart breaks a rule: ${problems[0]!.code}`, {
      reason: 'leasing-rules',
      problems,
    });
  }
}

/**
 * Places a förmånscykel application order from a leasing cart (see the module comment). A
 * repeated submission for the same cart returns the same order.
 * @param options.customerId the logged-in customer, who becomes the order's customer; a cart
 *   owned by another customer is refused
 * @throws ShopError BAD_USER_INPUT (extensions.fields: field -> Swedish message; or reason
 *   `leasing-rules`), FORBIDDEN (another customer's cart), NOT_FOUND, CART_COMPLETED,
 *   OUT_OF_STOCK
 */
export async function placeLeasingOrder(
  db: Database,
  options: { cartId: string; application: unknown; customerId: number | null },
  shop: PricedShopContext,
  now: Date,
): Promise<LeasingApplicationView> {
  const cartId = options.cartId.trim().toLowerCase();
  const earlier = await findOrderByKeyOrCart(db, `leasing:${cartId}`, cartId);
  if (earlier) return withApplication(db, earlier);
  const parsed = parseLeasingApplication(options.application);
  if (!parsed.ok) {
    throw new ShopError('BAD_USER_INPUT', 'Invalid leasing application', {
      argument: 'application',
      fields: parsed.errors,
    });
  }
  const application = parsed.data;
  const cart = await findCart(db, cartId);
  if (!cart) throw new ShopError('NOT_FOUND', 'Cart not found');
  if (cart.customerId !== null && cart.customerId !== options.customerId) {
    throw new ShopError('FORBIDDEN', 'The cart belongs to another customer');
  }
  if (shop.currency.code !== 'SEK') {
    throw new ShopError('BAD_USER_INPUT', 'Förmånscykel is offered in SEK only', {
      reason: 'leasing-market',
    });
  }
  const address = {
    firstName: application.firstName,
    lastName: application.lastName,
    addressLine1: application.addressLine1,
    zip: application.zip,
    city: application.city,
    mobile: application.phone,
    country: shop.market.country.code,
  };
  try {
    const order = await writeOrderFromCart(
      db,
      {
        cartId,
        input: {
          email: application.email,
          billingAddress: address,
          customerType: 'PERSON',
          message: `Förmånscykel via ${application.employerName} (${application.organisationNumber})`,
        },
        idempotencyKey: `leasing:${cartId}`,
        customerId: options.customerId,
        payment: LEASING_PAYMENT_OPTION,
        paymentReference: null,
        sessionId: null,
        paid: null,
        leasing: {
          check: checkLeasingCart,
          async record(tx, placed, view) {
            const figures = applicationFigures(leasingLines(view), application);
            await tx.insert(leasingApplications).values({
              orderId: placed.id,
              employerName: application.employerName,
              organisationNumber: application.organisationNumber,
              employerEmail: application.employerEmail,
              periodMonths: application.periodMonths,
              packageId: application.packageId,
              marginalTaxBasisPoints: Math.round(application.marginalTaxPercent * 100),
              netCostPerMonth: figures.netCost,
              grossDeductionPerMonth: figures.grossDeduction,
            });
          },
        },
      },
      shop,
      now,
    );
    return withApplication(db, order);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKeyOrCart(db, `leasing:${cartId}`, cartId);
      if (existing) return withApplication(db, existing);
    }
    throw error;
  }
}

async function withApplication(db: Database, order: OrderRecord): Promise<LeasingApplicationView> {
  const application = await applicationOf(db, order.id);
  const view = await getOrderView(db, order.id);
  if (!application || !view) throw new ShopError('CART_COMPLETED', 'The cart is already completed');
  return { ...view, application, decision: '' };
}

/** The application of an order, or null (not a leasing order). */
export async function applicationOf(
  db: Database,
  orderId: number,
): Promise<LeasingApplicationRecord | null> {
  const [row] = await db
    .select()
    .from(leasingApplications)
    .where(eq(leasingApplications.orderId, orderId));
  return row ?? null;
}

/**
 * The employer's decision state of the förmånscykel orders among `orderIds` (by order id; orders
 * without an application are absent), in one statement for order lists (issue 21).
 */
export async function leasingStatusesByOrderIds(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await db
    .select({ orderId: leasingApplications.orderId, status: leasingApplications.status })
    .from(leasingApplications)
    .where(inArray(leasingApplications.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.status]));
}

/** What the employer's page shows: the order, its application and the link's decision. */
export interface LeasingApplicationView extends OrderView {
  application: LeasingApplicationRecord;
  /** What the link opened asks for; '' when not read by a link (placing). */
  decision: LeasingDecision | '';
}

/**
 * The application of the order with this public id, for the applicant's confirmation page
 * (issue 40 point 4): the public id is a UUID only the applicant (from `placeLeasingOrder`) and
 * the employer's signed links carry, the same capability as the checkout's confirmation page
 * (`getOrderPublic`). Null when no order has it or the order is not a förmånscykel application.
 */
export async function leasingApplicationByOrderPublicId(
  db: Database,
  orderPublicId: string,
): Promise<LeasingApplicationView | null> {
  const view = await getOrderViewByPublicId(db, orderPublicId);
  const application = view && (await applicationOf(db, view.order.id));
  return view && application ? { ...view, application, decision: '' } : null;
}

/**
 * The application a link names, for the employer's page (a GET: changes nothing).
 * @throws ShopError FORBIDDEN (reason `invalid`, `expired`), NOT_FOUND
 */
export async function leasingApplicationByToken(
  db: Database,
  token: string,
  jwtSecret: string,
  now: Date,
): Promise<LeasingApplicationView> {
  const claims = verifyLeasingLink(token, jwtSecret, now);
  const view = await getOrderViewByPublicId(db, claims.orderPublicId);
  const application = view && (await applicationOf(db, view.order.id));
  if (!view || !application) throw new ShopError('NOT_FOUND', 'Application not found');
  return { ...view, application, decision: claims.decision };
}

/**
 * The employer's decision by a signed link, once: in one transaction the application row is
 * locked and must still be `awaiting`; approve moves the order to `received` (the order e-mail
 * to the employee is enqueued by the order process), decline cancels it, which returns its
 * stock and voids the pending payment.
 * @throws ShopError FORBIDDEN (reason `invalid`, `expired`, `used`: already decided), NOT_FOUND
 */
export async function decideLeasingApplication(
  db: Database,
  token: string,
  jwtSecret: string,
  now: Date,
): Promise<LeasingApplicationView> {
  const claims = verifyLeasingLink(token, jwtSecret, now);
  const view = await getOrderViewByPublicId(db, claims.orderPublicId);
  if (!view) throw new ShopError('NOT_FOUND', 'Application not found');
  const orderId = view.order.id;
  await db.transaction((tx) =>
    applyLeasingDecision(tx, orderId, claims.decision, now, { via: 'link' }),
  );
  const after = await getOrderViewByPublicId(db, claims.orderPublicId);
  return { ...after!, application: (await applicationOf(db, orderId))!, decision: claims.decision };
}

/** How a decision was made, stored with the application. */
export interface LeasingDecisionSource {
  /** `link`: the employer's signed link; `staff`: recorded in the back office. */
  via: 'link' | 'staff';
  /** The employer's answer as staff recorded it (staff decisions only). */
  employerAnswer?: string | null | undefined;
}

/**
 * The one decision step of an application, inside the caller's transaction `tx` (the employer's
 * link and the back office both use it): the row is locked and must still be `awaiting`;
 * approve moves the order to `received` (the order e-mail to the employee is enqueued by the
 * order process), decline cancels it, which returns its stock and voids the pending payment.
 * @returns the application before and after the decision
 * @throws ShopError NOT_FOUND, FORBIDDEN (reason `used`: already decided)
 */
export async function applyLeasingDecision(
  tx: Database,
  orderId: number,
  decision: LeasingDecision,
  now: Date,
  source: LeasingDecisionSource,
): Promise<{ before: LeasingApplicationRecord; after: LeasingApplicationRecord }> {
  const [row] = await tx
    .select()
    .from(leasingApplications)
    .where(eq(leasingApplications.orderId, orderId))
    .for('update');
  if (!row) throw new ShopError('NOT_FOUND', 'Application not found');
  if (row.status !== 'awaiting') {
    throw new ShopError('FORBIDDEN', 'The application is already decided', { reason: 'used' });
  }
  const approved = decision === 'approve';
  const [after] = await tx
    .update(leasingApplications)
    .set({
      status: approved ? 'approved' : 'declined',
      decidedAt: now,
      decidedVia: source.via,
      employerAnswer: source.employerAnswer ?? null,
    })
    .where(eq(leasingApplications.orderId, orderId))
    .returning();
  const reason = approved ? 'employer approved' : 'employer declined';
  await transitionOrder(tx, orderId, approved ? 'received' : 'cancelled', reason);
  if (!approved) await providerFor(LEASING_PAYMENT_OPTION).cancel(tx, orderId);
  return { before: row, after: after! };
}
