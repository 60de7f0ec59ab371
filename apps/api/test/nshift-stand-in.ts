export const REFERENCE =
  'nShift Delivery (Unifaun) REST API rs-extapi/v1, DeliveryCheckout API v1 and API Connect as published at helpcenter.nshift.com / help.unifaun.com, read 2026-12-03 (docs/shipping-stand-ins.md N1–N6)';

/**
 * A local stand-in for nShift Delivery's REST API (issue 43's tests; ADR 020): the Delivery
 * Checkout's delivery options (`GET /delivery-checkouts/{id}`), stored shipments and their
 * printing (booking), and the label PDFs, with the statuses of docs/shipping-stand-ins.md
 * N1–N6, nothing more. Listens on 127.0.0.1 only. "Stand-in assumption" marks what nShift's
 * published reference leaves open and this server chose. Never used outside tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { optionsFor, type StandInOption } from './nshift-stand-in-rules.ts';

export interface NshiftStandInOptions {
  /** API key "ID" (N1), default `standin-key-id`. */
  keyId?: string;
  /** API key "secret ID" (N1), default `standin-key-secret`. */
  keySecret?: string;
  /** The Delivery Checkout id of the set-up (N2), default a fixed UUID. */
  deliveryCheckoutId?: string;
}

export interface NshiftStandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The HTTP status answered (0: the connection was dropped after the work was done). */
  status: number;
}

/** A stored shipment (N4) as kept here; `printed` once its shipment exists. */
export interface StandInStored {
  id: string;
  status: 'READY' | 'INVALID';
  orderNo: string;
  shipment: Record<string, unknown>;
  printed: boolean;
}

/** A printed shipment (N5), in the answer's shape. */
export interface StandInShipment {
  href: string;
  id: string;
  shipmentNo: string;
  orderNo: string;
  normalShipment: boolean;
  parcelCount: number;
  parcels: Array<{ parcelNo: string; reference: string | null; returnParcelNo: string | null }>;
  pdfs: Array<{ id: string; description: string; href: string; pdf: null }>;
  serviceId: string;
  created: string;
  changed: string;
  consolidated: boolean;
}

export interface NshiftStandIn {
  /** The API base, like `https://api.unifaun.com/rs-extapi/v1`. */
  url: string;
  keyId: string;
  keySecret: string;
  deliveryCheckoutId: string;
  /** Every request received, in order. */
  requests: NshiftStandInRequest[];
  stored: Map<string, StandInStored>;
  shipments: Map<string, StandInShipment>;
  /** The next n requests answer 503 without doing anything. */
  failNext(n: number): void;
  /** The next n requests to `route` (`POST /stored-shipments`) are carried out, then the connection is dropped (a lost answer). */
  dropNext(n: number, route: string): void;
  close(): Promise<void>;
}

/** Stand-in assumption (N6: error bodies are not published): a list of `{type, field, message}`. */
type ErrorItem = { type: 'error'; field?: string; message: string };
interface Answer {
  status: number;
  body?: unknown;
  pdf?: Buffer;
}
const errors = (status: number, ...items: Array<Omit<ErrorItem, 'type'>>): Answer => ({
  status,
  body: items.map((item) => ({ type: 'error', ...item })),
});

const LANGUAGES = ['sv', 'en'];
const CURRENCIES = ['SEK'];
/** N2 required query parameters. */
const REQUIRED = ['currency', 'language', 'tocountry', 'tozipcode'];

/** A minimal one-page PDF (the label's bytes; its content is the stand-in's). */
function labelPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stand-in rule: the booking fields the stand-in needs (N4 example's shape). */
function shipmentProblems(s: Record<string, unknown>): Array<Omit<ErrorItem, 'type'>> {
  const problems: Array<Omit<ErrorItem, 'type'>> = [];
  const sender = s.sender;
  const receiver = s.receiver;
  const service = s.service;
  if (!isObject(sender) || typeof sender.quickId !== 'string')
    problems.push({ field: 'sender.quickId', message: 'a value is required' });
  if (!isObject(receiver)) problems.push({ field: 'receiver', message: 'a value is required' });
  else
    for (const f of ['name', 'address1', 'zipcode', 'city', 'country'])
      if (typeof receiver[f] !== 'string' || !receiver[f])
        problems.push({ field: `receiver.${f}`, message: 'a value is required' });
  if (!isObject(service) || typeof service.id !== 'string')
    problems.push({ field: 'service.id', message: 'a value is required' });
  if (typeof s.orderNo !== 'string' || !s.orderNo)
    problems.push({ field: 'orderNo', message: 'a value is required' });
  if (!Array.isArray(s.parcels) || s.parcels.length === 0)
    problems.push({ field: 'parcels', message: 'at least one parcel is required' });
  return problems;
}

export async function startNshiftStandIn(
  options: NshiftStandInOptions = {},
): Promise<NshiftStandIn> {
  const keyId = options.keyId ?? 'standin-key-id';
  const keySecret = options.keySecret ?? 'standin-key-secret';
  const deliveryCheckoutId = options.deliveryCheckoutId ?? 'ece27d51-614d-4339-9728-4113e16b87ff';
  const requests: NshiftStandInRequest[] = [];
  const stored = new Map<string, StandInStored>();
  const shipments = new Map<string, StandInShipment>();
  let failing = 0;
  const drops = new Map<string, number>();
  let nextId = 8_475_754;
  let nextParcel = 69_799_319_669;
  let base = '';

  function deliveryOptions(id: string, query: Record<string, string>): Answer {
    if (id !== deliveryCheckoutId) return { status: 404 };
    const missing = REQUIRED.filter((p) => !query[p]);
    if (missing.length)
      return errors(400, ...missing.map((field) => ({ field, message: 'required parameter' })));
    // N2: language and currency "must be configured for the Delivery Checkout" (status and
    // body when not: not confirmed; stand-in assumption 400).
    if (!CURRENCIES.includes(query.currency!.toUpperCase()))
      return errors(400, {
        field: 'currency',
        message: 'not configured for this delivery checkout',
      });
    if (!LANGUAGES.includes(query.language!))
      return errors(400, {
        field: 'language',
        message: 'not configured for this delivery checkout',
      });
    const weightKg = query.weight === undefined ? 0 : Number(query.weight);
    const cartPrice = query.cartprice === undefined ? null : Number(query.cartprice);
    if (
      !Number.isFinite(weightKg) ||
      weightKg < 0 ||
      (cartPrice !== null && !Number.isFinite(cartPrice))
    )
      return errors(400, { field: 'weight', message: 'must be a decimal number (0.0)' });
    const body: { deliveryCheckoutId: string; options: StandInOption[] } = {
      // N2's example: the id "including version" (`…+37`).
      deliveryCheckoutId: `${deliveryCheckoutId}+1`,
      options: optionsFor({
        zip: query.tozipcode!.replace(/\s/g, ''),
        country: query.tocountry!.toUpperCase(),
        currency: query.currency!.toUpperCase(),
        language: query.language!,
        weightKg,
        cartPrice,
      }),
    };
    return { status: 200, body };
  }

  function createStored(body: unknown): Answer {
    if (!isObject(body)) return errors(400, { message: 'a JSON shipment is required' });
    const problems = shipmentProblems(body);
    const id = String(nextId++);
    const entry: StandInStored = {
      id,
      status: problems.length ? 'INVALID' : 'READY',
      orderNo: typeof body.orderNo === 'string' ? body.orderNo : '',
      shipment: body,
      printed: false,
    };
    stored.set(id, entry);
    return { status: 201, body: storedView(entry) };
  }

  const storedView = (s: StandInStored) => ({
    href: `${base}/stored-shipments/${s.id}`,
    id: s.id,
    status: s.status,
    orderNo: s.orderNo,
    reference: s.shipment.senderReference ?? null,
  });

  function print(storedId: string): Answer {
    const entry = stored.get(storedId);
    // Stand-in assumption (N5): a printed stored shipment is gone from the stored list.
    if (!entry || entry.printed) return { status: 404 };
    if (entry.status !== 'READY') return errors(422, ...shipmentProblems(entry.shipment));
    const parcels = (entry.shipment.parcels as Array<Record<string, unknown>>).flatMap((p) =>
      Array.from({ length: Math.max(1, Number(p.copies ?? 1)) }, () => ({
        parcelNo: `${nextParcel++}SE`,
        reference: null,
        returnParcelNo: null,
      })),
    );
    const id = String(nextId++);
    const now = new Date().toISOString().replace('Z', '+0000');
    const serviceId = String((entry.shipment.service as Record<string, unknown>).id);
    const shipment: StandInShipment = {
      href: `${base}/shipments/${id}`,
      id,
      shipmentNo: parcels[0]!.parcelNo,
      orderNo: entry.orderNo,
      normalShipment: true,
      parcelCount: parcels.length,
      parcels,
      pdfs: [
        {
          id: '271826',
          description: 'Label',
          href: `${base}/shipments/${id}/pdfs/271826`,
          pdf: null,
        },
      ],
      serviceId,
      created: now,
      changed: now,
      consolidated: false,
    };
    entry.printed = true;
    shipments.set(id, shipment);
    return { status: 201, body: [shipment] };
  }

  function route(req: IncomingMessage, url: URL, text: string): Answer {
    const auth = req.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (auth !== expected) return { status: 401 };
    const path = url.pathname.replace(/\/+$/, '');
    const query = Object.fromEntries(url.searchParams);
    let m: RegExpMatchArray | null;
    if (req.method === 'GET' && (m = path.match(/^\/delivery-checkouts\/([^/]+)$/)))
      return deliveryOptions(decodeURIComponent(m[1]!), query);
    if (req.method === 'POST' && path === '/stored-shipments') {
      try {
        return createStored(JSON.parse(text));
      } catch {
        return errors(400, { message: 'malformed JSON' });
      }
    }
    if (req.method === 'GET' && path === '/stored-shipments') {
      const { searchField, searchOp, searchValue } = query;
      const list = [...stored.values()].filter(
        (s) =>
          !s.printed &&
          (searchField !== 'orderNo' || searchOp !== 'equals' || s.orderNo === searchValue),
      );
      return { status: 200, body: list.slice(0, 50).map(storedView) };
    }
    if (req.method === 'POST' && (m = path.match(/^\/stored-shipments\/([^/]+)\/shipments$/)))
      return print(decodeURIComponent(m[1]!));
    if (req.method === 'GET' && (m = path.match(/^\/shipments\/([^/]+)\/pdfs\/([^/]+)$/))) {
      const shipment = shipments.get(m[1]!);
      if (!shipment || !shipment.pdfs.some((p) => p.id === m![2])) return { status: 404 };
      return { status: 200, pdf: labelPdf(`${shipment.serviceId} ${shipment.shipmentNo}`) };
    }
    return { status: 404 };
  }

  function send(res: ServerResponse, answer: Answer): void {
    if (answer.pdf) {
      res.writeHead(answer.status, { 'content-type': 'application/pdf' }).end(answer.pdf);
    } else if (answer.body !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    } else {
      res.writeHead(answer.status).end();
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/rs-extapi\/v1/, '');
    const entry: NshiftStandInRequest = {
      method: req.method ?? '',
      path,
      query: Object.fromEntries(url.searchParams),
      body: null,
      status: 0,
    };
    requests.push(entry);
    void readBody(req).then((text) => {
      try {
        entry.body = text ? JSON.parse(text) : null;
      } catch {
        entry.body = text;
      }
      if (failing > 0) {
        failing--;
        entry.status = 503;
        send(res, errors(503, { message: 'Service temporarily unavailable' }));
        return;
      }
      const local = new URL(path + url.search, 'http://127.0.0.1');
      let answer: Answer;
      try {
        answer = route(req, local, text);
      } catch (error) {
        answer = errors(500, { message: String(error) });
      }
      const key = `${req.method} ${local.pathname.replace(/\/+$/, '')}`;
      const left = drops.get(key) ?? 0;
      if (left > 0) {
        drops.set(key, left - 1);
        res.destroy();
        return;
      }
      entry.status = answer.status;
      send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rs-extapi/v1`;

  return {
    url: base,
    keyId,
    keySecret,
    deliveryCheckoutId,
    requests,
    stored,
    shipments,
    failNext(n) {
      failing = n;
    },
    dropNext(n, key) {
      drops.set(key, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
