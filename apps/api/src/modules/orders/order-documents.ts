/**
 * An order's packing slip and receipt as PDF (issue 27 "a packing slip and receipt as PDF"),
 * made with pdfkit from the stored order ({@link getOrderView}) and its figures
 * ({@link orderTotals}), so they show what the order page and the order e-mail show.
 *
 * The receipt has what a Swedish receipt (kvitto, a simplified invoice under the VAT act) must
 * say: the seller's name, address, organisation number and VAT registration number, the date,
 * a unique number (the order number), what was sold (name, quantity, price), the VAT amount per
 * rate with what it is charged on (beskattningsunderlag, {@link vatByRate}) and the total. The
 * packing slip lists the units to pick and where they go, without prices.
 *
 * Text is set in DejaVu Sans, embedded from the `dejavu-fonts-ttf` package (subset by pdfkit), so
 * å, ä, ö, × and the minus sign U+2212 show in every viewer without fonts of the machine.
 * Amounts are integer minor units (öre) of the order's currency.
 */
import { createRequire } from 'node:module';
import type { Database } from '../../db/client.ts';
import { formatDeduction, formatMoney } from '../pricing/money.ts';
import { formatZip } from '../shipping/zip.ts';
import {
  loadOrderDelivery,
  orderDelivery,
  pickupPointLines,
  shippingMethodText,
  type OrderDelivery,
} from './order-delivery.ts';
import { shopDay } from './order-stats.service.ts';
import { orderTotals } from './order-totals.ts';
import { getOrderView, type OrderView } from './orders.service.ts';
import { missingReceiptSettings, type SellerIdentity } from '../../seller.ts';

/** The font files, regular and bold (resolved on first use, like pdfkit itself). */
function fontFiles(): { body: string; bold: string } {
  const require = createRequire(import.meta.url);
  return {
    body: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
}

/** The two documents of an order. */
export type OrderDocumentKind = 'packing-slip' | 'receipt';

/**
 * Who a document is from: the seller's identity (config `seller`, issue 40 §2) and the trade name
 * (SHOP_NAME), which a packing slip prints when the legal name is unset (production without
 * SHOP_LEGAL_NAME; a receipt is not made then).
 */
export interface DocumentSender {
  seller: SellerIdentity;
  shopName: string;
}

/** A VAT rate in basis points as Swedish text: 2500 → `25 %`, 2550 → `25,5 %`. */
function rateText(basisPoints: number): string {
  return `${String(basisPoints / 100).replace('.', ',')} %`;
}

/** Intl's narrow spaces as plain no-break spaces (DejaVu has both; keeps text search simple). */
function plain(text: string): string {
  return text.replace(/\u202f/g, '\u00a0');
}

const PAGE = { margin: 50, width: 595.28, height: 841.89 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** A column of a table: where it starts, how wide, how aligned. */
interface Column {
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A document being written: pdfkit with the fonts and a few layout helpers. pdfkit (and fontkit)
 * load on the first document: processes that make none do not hold them in memory.
 */
async function createDocument(title: string, author: string) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: 'sv-SE',
    displayTitle: true,
    info: { Title: title, Author: author, Creator: author },
  });
  const fonts = fontFiles();
  doc.registerFont('body', fonts.body);
  doc.registerFont('bold', fonts.bold);
  doc.font('body').fontSize(10);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  /** Room for `height` more points on the page, or a new page. */
  const ensureRoom = (height: number) => {
    if (doc.y + height > PAGE.height - PAGE.margin) doc.addPage();
  };
  /** One table row: cells in columns, the tallest cell sets the next row's top. */
  const row = (columns: Column[], cells: string[], bold = false) => {
    doc.font(bold ? 'bold' : 'body');
    const heights = cells.map((cell, i) =>
      doc.heightOfString(plain(cell), { width: columns[i]!.width }),
    );
    const height = Math.max(...heights);
    ensureRoom(height + 4);
    const top = doc.y;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(plain(cell), column.x, top, { width: column.width, align: column.align ?? 'left' });
    });
    doc.x = PAGE.margin;
    doc.y = top + height + 4;
    doc.font('body');
  };
  const rule = () => {
    ensureRoom(8);
    doc
      .moveTo(PAGE.margin, doc.y)
      .lineTo(PAGE.width - PAGE.margin, doc.y)
      .lineWidth(0.5)
      .strokeColor('#555555')
      .stroke();
    doc.y += 4;
  };
  const finish = () => {
    doc.end();
    return done;
  };
  return { doc, row, rule, finish, ensureRoom };
}

/** The lines of an address as stored on an order (AddressType fields). */
function addressLines(address: Record<string, string>): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  return [
    address.company ?? '',
    name,
    address.careOf ? `c/o ${address.careOf}` : '',
    address.addressLine1 ?? '',
    address.addressLine2 ?? '',
    address.addressLine3 ?? '',
    [formatZip(address.zip, address.country), address.city].filter(Boolean).join(' '),
    address.country ?? '',
  ].filter((line) => line.trim() !== '');
}

/** The name a document is from: the legal name, else the trade name. */
function senderName(from: DocumentSender): string {
  return from.seller.legalName ?? from.shopName;
}

/**
 * The heading block every document starts with: title, order number and date, then the seller:
 * name, address, organisations- and VAT number, e-mail and phone (each only when set).
 */
function heading(
  d: Awaited<ReturnType<typeof createDocument>>,
  title: string,
  view: OrderView,
  from: DocumentSender,
) {
  const { doc } = d;
  const { seller } = from;
  doc.font('bold').fontSize(18).text(title);
  doc.font('body').fontSize(10).moveDown(0.3);
  doc.text(`Ordernummer: ${view.order.id}`);
  doc.text(`Orderdatum: ${shopDay(view.order.createdAt)}`);
  doc.moveDown(0.8);
  doc.font('bold').text(senderName(from));
  doc.font('body');
  if (seller.address) doc.text(seller.address);
  if (seller.organisationNumber) doc.text(`Organisationsnummer: ${seller.organisationNumber}`);
  if (seller.vatNumber) doc.text(`Momsregistreringsnummer: ${seller.vatNumber}`);
  const contact = [
    seller.email ? `E-post: ${seller.email}` : '',
    seller.phone ? `Telefon: ${seller.phone}` : '',
  ].filter(Boolean);
  if (contact.length > 0) doc.text(contact.join(' · '));
  doc.moveDown(1);
}

/**
 * The packing slip of an order as PDF bytes: seller, order number and date, delivery address,
 * shipping method with carrier and delivery promise, the pickup point the parcel is addressed to
 * (name, address, postcode and city, opening hours; issue 43), the customer's reference, goods
 * label and message, and each line's article number, name, size and quantity with a box to tick.
 * No prices.
 * @param delivery the order's delivery facts (default: from the row alone, {@link orderDelivery})
 */
export async function packingSlipPdf(
  view: OrderView,
  from: DocumentSender,
  delivery: OrderDelivery = orderDelivery(view.order),
): Promise<Uint8Array<ArrayBuffer>> {
  const { order, lines } = view;
  const d = await createDocument(`Följesedel, order ${order.id}`, senderName(from));
  const { doc } = d;
  heading(d, 'Följesedel', view, from);
  doc.font('bold').text('Leveransadress');
  doc.font('body');
  for (const line of addressLines(order.shippingAddress)) doc.text(line);
  if (order.phone) doc.text(`Telefon: ${order.phone}`);
  doc.moveDown(0.6);
  doc.text(`Leveranssätt: ${shippingMethodText(delivery)}`);
  if (delivery.pickupPoint) {
    doc.moveDown(0.6);
    doc.font('bold').text('Utlämningsställe');
    doc.font('body');
    for (const line of pickupPointLines(delivery.pickupPoint)) doc.text(line);
    if (delivery.pickupPoint.id !== delivery.pickupPoint.name) {
      doc.text(`Utlämningsställets id: ${delivery.pickupPoint.id}`);
    }
    doc.moveDown(0.6);
  }
  if (order.customerOrderNumber) doc.text(`Er referens: ${order.customerOrderNumber}`);
  if (order.goodsLabel) doc.text(`Godsmärkning: ${order.goodsLabel}`);
  if (order.message) doc.text(`Meddelande: ${order.message}`);
  doc.moveDown(1);
  const columns: Column[] = [
    { x: PAGE.margin, width: 40 },
    { x: PAGE.margin + 44, width: 110 },
    { x: PAGE.margin + 158, width: 250 },
    { x: PAGE.margin + 412, width: CONTENT_WIDTH - 412, align: 'right' },
  ];
  d.row(columns, ['Plock', 'Artikelnr', 'Artikel', 'Antal'], true);
  d.rule();
  for (const line of lines) {
    const name = line.name;
    d.row(columns, [
      '☐',
      line.skuArticleNumber || line.articleNumber,
      line.skuName ? `${name}, ${line.skuName}` : name,
      `${line.quantity} st`,
    ]);
  }
  d.rule();
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  d.row(columns, ['', '', 'Antal artiklar', `${units} st`], true);
  return d.finish();
}

/** The VAT of one rate with its taxable amount (excl. VAT), minor units. */
export interface VatByRate {
  rateBasisPoints: number;
  /** The VAT at this rate. */
  vat: number;
  /** What the VAT is charged on (beskattningsunderlag), excl. VAT; null when not known. */
  taxable: number | null;
}

/**
 * The order's VAT per rate (the stored `vats`, highest rate first) with the taxable amount of
 * each: the lines' totals excl. VAT at that rate, plus shipping and the payment fee at the one
 * rate whose VAT the lines do not explain. When that cannot be told apart (shipping VAT at more
 * than one rate) or the amounts do not add up to the order's total excl. VAT, `taxable` is null.
 */
export function vatByRate(view: OrderView): VatByRate[] {
  const { order, lines } = view;
  const vats = [...order.vats].sort((a, b) => b.rateBasisPoints - a.rateBasisPoints);
  const lineVat = new Map<number, number>();
  const lineTaxable = new Map<number, number>();
  for (const line of lines) {
    const rate = line.vatRateBasisPoints;
    lineVat.set(rate, (lineVat.get(rate) ?? 0) + line.totalIncVat - line.totalExVat);
    lineTaxable.set(rate, (lineTaxable.get(rate) ?? 0) + line.totalExVat);
  }
  const feesExVat = order.shippingFeeExVat + order.paymentFeeExVat;
  const feeRates = vats.filter((v) => v.amount !== (lineVat.get(v.rateBasisPoints) ?? 0));
  const taxable = vats.map(
    (v) =>
      (lineTaxable.get(v.rateBasisPoints) ?? 0) +
      (feeRates[0]?.rateBasisPoints === v.rateBasisPoints ? feesExVat : 0),
  );
  const known =
    feeRates.length <= 1 &&
    (feeRates.length === 1 || feesExVat === 0) &&
    taxable.reduce((a, b) => a + b, 0) === order.orderValueExVat;
  return vats.map((v, i) => ({
    rateBasisPoints: v.rateBasisPoints,
    vat: v.amount,
    taxable: known ? taxable[i]! : null,
  }));
}

/**
 * The receipt (kvitto) of an order as PDF bytes: seller with organisation and VAT number, order
 * number and date, buyer, payment method, each line (name, quantity, unit price, amount and VAT
 * rate, incl. VAT), the summary of {@link orderTotals} (items − discount + shipping + payment
 * fee = total), the VAT per rate, the total excl. VAT, the gift card and what was paid.
 * @throws Error when the seller lacks what a receipt must name ({@link missingReceiptSettings};
 *   the download answers 503 before that)
 */
export async function receiptPdf(
  view: OrderView,
  from: DocumentSender,
): Promise<Uint8Array<ArrayBuffer>> {
  const missing = missingReceiptSettings(from.seller);
  if (missing.length > 0) throw new Error(`A receipt needs ${missing.join(', ')}`);
  const { order, lines } = view;
  const money = (minor: number) => formatMoney(minor, order.currencyCode, order.languageId);
  const off = (minor: number) => formatDeduction(minor, order.currencyCode, order.languageId);
  const totals = orderTotals(order);
  const d = await createDocument(`Kvitto, order ${order.id}`, senderName(from));
  const { doc } = d;
  heading(d, 'Kvitto', view, from);
  doc.font('bold').text('Köpare');
  doc.font('body');
  for (const line of addressLines(order.billingAddress)) doc.text(line);
  if (order.customerType === 'ORGANIZATION' && order.identityNumber) {
    doc.text(`Organisationsnummer: ${order.identityNumber}`);
  }
  doc.text(order.email);
  doc.moveDown(0.6);
  doc.text(`Betalningssätt: ${order.paymentName}`);
  doc.text(`Leveranssätt: ${order.shippingName}`);
  doc.moveDown(1);

  const columns: Column[] = [
    { x: PAGE.margin, width: 215 },
    { x: PAGE.margin + 219, width: 45, align: 'right' },
    { x: PAGE.margin + 268, width: 80, align: 'right' },
    { x: PAGE.margin + 352, width: 45, align: 'right' },
    { x: PAGE.margin + 401, width: CONTENT_WIDTH - 401, align: 'right' },
  ];
  d.row(columns, ['Artikel', 'Antal', 'À-pris', 'Moms', 'Belopp'], true);
  d.rule();
  for (const line of lines) {
    const name = line.name;
    const regular = line.regularUnitPriceIncVat * line.quantity;
    d.row(columns, [
      `${line.skuName ? `${name}, ${line.skuName}` : name}\nArt.nr ${line.skuArticleNumber || line.articleNumber}`,
      `${line.quantity}`,
      money(line.regularUnitPriceIncVat),
      rateText(line.vatRateBasisPoints),
      money(regular),
    ]);
  }
  d.rule();

  const sums: Column[] = [
    { x: PAGE.margin, width: 360 },
    { x: PAGE.margin + 364, width: CONTENT_WIDTH - 364, align: 'right' },
  ];
  d.row(sums, ['Varor', money(totals.incVat.items)]);
  if (totals.incVat.discount > 0) {
    d.row(sums, [
      order.promoCode ? `Rabatt (${order.promoCode})` : 'Rabatt',
      off(totals.incVat.discount),
    ]);
  }
  d.row(sums, [`Frakt (${order.shippingName})`, money(totals.incVat.shipping)]);
  if (totals.incVat.paymentFee > 0) {
    d.row(sums, ['Betalningsavgift', money(totals.incVat.paymentFee)]);
  }
  d.rule();
  d.row(sums, ['Totalt inkl. moms', money(totals.incVat.total)], true);
  d.row(sums, ['Totalt exkl. moms', money(totals.exVat.total)]);
  for (const group of vatByRate(view)) {
    const base = group.taxable === null ? '' : ` (underlag ${money(group.taxable)})`;
    d.row(sums, [`Moms ${rateText(group.rateBasisPoints)}${base}`, money(group.vat)]);
  }
  d.row(sums, ['Moms totalt', money(totals.vat)]);
  if (totals.giftCard > 0) {
    d.row(sums, ['Betalt med presentkort', off(totals.giftCard)]);
  }
  d.rule();
  d.row(sums, [`Betalt (${order.paymentName})`, money(totals.toPay)], true);
  return d.finish();
}

/**
 * The PDF of one of an order's documents, or null when there is no such order. Two statements
 * (three for a packing slip of a store pickup placed before issue 43: its store).
 */
export async function orderDocumentPdf(
  db: Database,
  orderId: number,
  kind: OrderDocumentKind,
  from: DocumentSender,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const view = await getOrderView(db, orderId);
  if (!view) return null;
  return kind === 'receipt'
    ? receiptPdf(view, from)
    : packingSlipPdf(view, from, await loadOrderDelivery(db, view.order));
}
