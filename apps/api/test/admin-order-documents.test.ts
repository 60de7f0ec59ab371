/**
 * An order's packing slip and receipt as PDF in the back office (issue 27): who may download them
 * (401 without a session, 403 for a content editor, customer service and store managers may), 404
 * for an unknown order, and what the receipt says as a Swedish receipt must: the seller's name,
 * organisation and VAT number, the order number and date, the lines, the VAT per rate and the
 * total; the packing slip's units and address, with å, ä, ö. The PDF's text is read back with
 * unpdf (PDF.js). On every database kind.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { productPrices } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { formatMoney } from '../src/modules/pricing/money.ts';
import { createTestClient } from './api-client.ts';
import { addStaff, adminClient, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { placeTestOrder, type PlacedOrder } from './placed-orders.ts';
import { testDatabaseKinds } from './test-db.ts';

/** The text of a PDF with every kind of space as one plain space. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** `1 234,50 kr` as öre. */
const ore = (text: string) =>
  Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

const kr = (minor: number) => formatMoney(minor, 'SEK', 'sv-SE').replace(/\s+/g, ' ');

describe.each(testDatabaseKinds())('order documents (PDF) on %s', (kind) => {
  const state = useAdminApi(kind);
  let order: PlacedOrder;

  const download = (path: string, cookie?: string) =>
    state.api.fetch(new Request(`http://shop.local${path}`, { headers: cookie ? { cookie } : {} }));

  beforeAll(async () => {
    const db = state.handle.db;
    await seedCatalogue(db, { products: 20 });
    await addCartFixture(db);
    // The tube at 6 % VAT in Sweden, so the receipt has two rates.
    await db
      .update(productPrices)
      .set({ vatRateBasisPoints: 600 })
      .where(eq(productPrices.productId, F.tube.productId));
    const client = createTestClient(state.handle, state.config);
    order = await placeTestOrder(
      client,
      db,
      [
        [F.helmet.skuIds[0], 1],
        [F.tube.skuId, 2],
      ],
      'se',
      { shippingId: 1, email: 'åsa.öberg@example.se' },
    );
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
  }, 120_000);

  it('refuses without a session (401) and a content editor (403)', async () => {
    for (const file of ['receipt.pdf', 'packing-slip.pdf']) {
      const anonymous = await download(`/admin/orders/${order.id}/${file}`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).not.toContain('pdf');
      const forged = await download(
        `/admin/orders/${order.id}/${file}`,
        'trampa-admin-session=not-a-session',
      );
      expect(forged.status).toBe(401);
    }
    const editor = adminClient(state.api, '10.71.0.1');
    await editor.login('redaktor@example.se');
    const refused = await download(`/admin/orders/${order.id}/receipt.pdf`, editor.cookie);
    expect(refused.status).toBe(403);
  });

  it('answers 404 for an unknown order', async () => {
    const service = adminClient(state.api, '10.71.0.2');
    await service.login('kundtjanst@example.se');
    expect((await download('/admin/orders/999999/receipt.pdf', service.cookie)).status).toBe(404);
  });

  it('the receipt has the seller, org. and VAT number, order number, date, VAT per rate and total', async () => {
    const chef = adminClient(state.api, '10.71.0.3');
    await chef.login('chef@example.se');
    const answer = await download(`/admin/orders/${order.id}/receipt.pdf`, chef.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-disposition')).toContain(`kvitto-${order.id}.pdf`);
    const text = await pdfText(await answer.arrayBuffer());
    expect(text).toContain('Kvitto');
    expect(text).toContain('Trampa AB');
    expect(text).toContain('Organisationsnummer: 556677-8899');
    expect(text).toContain('Momsregistreringsnummer: SE556677889901');
    expect(text).toContain(`Ordernummer: ${order.id}`);
    expect(text).toMatch(/Orderdatum: \d{4}-\d{2}-\d{2}/);
    expect(text).toContain('Testhjälm Abus, S/M');
    expect(text).toContain('åsa.öberg@example.se');
    // Two VAT rates, each with its amount, adding up to the order's VAT.
    expect(order.vats.map((v) => v.rateBasisPoints).sort((a, b) => a - b)).toEqual([600, 2500]);
    const vat25 = order.vats.find((v) => v.rateBasisPoints === 2500)!.amount;
    const vat6 = order.vats.find((v) => v.rateBasisPoints === 600)!.amount;
    // Each rate with its taxable amount (underlag): together the order's total excl. VAT.
    const rate = (percent: string) =>
      new RegExp(`Moms ${percent} % \\(underlag ([^)]+)\\) (.+? kr)`).exec(text);
    const at25 = rate('25');
    const at6 = rate('6');
    expect(at25?.[2]).toBe(kr(vat25));
    expect(at6?.[2]).toBe(kr(vat6));
    expect(ore(at25![1]!) + ore(at6![1]!)).toBe(order.orderValueExVat);
    // The 6 % base is the tubes' (2 × 129 kr incl. 6 % VAT) alone; shipping is at 25 %.
    expect(ore(at6![1]!)).toBe(Math.round((2 * 12_900 * 100) / 106));
    expect(vat25 + vat6).toBe(order.orderValueIncVat - order.orderValueExVat);
    expect(text).toContain(`Totalt inkl. moms ${kr(order.orderValueIncVat)}`);
    expect(text).toContain(`Totalt exkl. moms ${kr(order.orderValueExVat)}`);
  });

  it('the packing slip lists units and the delivery address, without prices; customer service may download it', async () => {
    const service = adminClient(state.api, '10.71.0.4');
    await service.login('kundtjanst@example.se');
    const answer = await download(`/admin/orders/${order.id}/packing-slip.pdf`, service.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(`foljesedel-${order.id}.pdf`);
    const text = await pdfText(await answer.arrayBuffer());
    expect(text).toContain('Följesedel');
    expect(text).toContain(`Ordernummer: ${order.id}`);
    expect(text).toContain('Organisationsnummer: 556677-8899');
    expect(text).toContain('Anna Andersson');
    expect(text).toContain('Storgatan 1');
    expect(text).toContain('CART-9800021');
    expect(text).toContain('Antal artiklar 3 st');
    expect(text).not.toContain(kr(order.orderValueIncVat));
  });

  it('makes no receipt in production without the seller settings (503), a packing slip still', async () => {
    const { createAdminApi } = await import('../src/admin-app.ts');
    const { sellerFromEnv } = await import('../src/seller-config.ts');
    const production = createAdminApi({
      db: state.handle.db,
      config: { ...state.config, nodeEnv: 'production', seller: sellerFromEnv({}, true) },
      now: () => state.clock.now,
    });
    const staff = adminClient(state.api, '10.71.0.9');
    await staff.login('chef@example.se');
    const get = (file: string) =>
      production.fetch(
        new Request(`http://shop.local/admin/orders/${order.id}/${file}`, {
          headers: { cookie: staff.cookie! },
        }),
      );
    const receipt = await get('receipt.pdf');
    expect(receipt.status).toBe(503);
    expect(await receipt.text()).toContain('SHOP_ORGANISATION_NUMBER');
    expect((await get('packing-slip.pdf')).status).toBe(200);
  });
});
