/**
 * A small client of nShift Delivery's REST API (`rs-extapi/v1`, the former Unifaun Online;
 * issue 43; ADR 020; the endpoints, fields and statuses as docs/shipping-stand-ins.md N1–N6
 * cites them from nShift's help centre): the Delivery Checkout's delivery options for a
 * postcode, weight and cart value, and the booking of a parcel (a stored shipment, then
 * printed: parcel numbers and the label PDF). nShift publishes no Node SDK (none on npm), so
 * this is `fetch` with HTTP Basic auth (API key "ID" and "secret ID") and JSON bodies.
 *
 * Answers are validated with zod; an answer of another shape is `retry: false`, code
 * `BAD_ANSWER` (nShift changed, or this is not nShift). Prices in nShift's answers are decimal
 * currency units (`priceValue: 29`); {@link toShippingChoices} turns them into minor units.
 *
 * Errors: every call answers an {@link NshiftResult}; a network failure, a timeout, 408, 409,
 * 429 and 5xx are `retry: true` (the caller retries later), other 4xx are final. nShift
 * publishes no idempotency key: {@link NshiftClient.bookShipment} is made safe to repeat by
 * finding the order's stored shipment by `orderNo` before creating one (N4, N5).
 */
import { z } from 'zod';
import {
  deliveryCheckoutSchema,
  shipmentSchema,
  storedSchema,
  type DeliveryCheckout,
  type PrintedShipment,
  type StoredShipment,
} from './nshift-answers.ts';

export {
  toShippingChoices,
  type DeliveryCheckout,
  type PrintedShipment,
  type StoredShipment,
} from './nshift-answers.ts';

/** Where and as whom the client calls nShift. */
export interface NshiftCredentials {
  /** API base, e.g. `https://api.unifaun.com/rs-extapi/v1` (no trailing slash). */
  apiUrl: string;
  /** The API key's "ID" (nShift Delivery > Maintenance > API keys). */
  keyId: string;
  /** The API key's "secret ID". */
  keySecret: string;
  /** Per-call timeout, milliseconds (default 8 000). */
  timeoutMs?: number;
}

/** The outcome of a call: the validated body, or why not. */
export type NshiftResult<T> =
  | { ok: true; status: number; body: T }
  | {
      ok: false;
      status: number;
      /** True when the same call may succeed later: network, timeout, 408, 409, 429, 5xx. */
      retry: boolean;
      /** `HTTP_{status}`, `NETWORK`, `BAD_ANSWER`, `NOT_FOUND` or `BOOKING_UNCERTAIN`. */
      code: string;
      message: string;
    };

/** What the options are asked for (N2 parameters). */
export interface OptionsQuery {
  deliveryCheckoutId: string;
  /** ISO 4217, e.g. SEK. */
  currency: string;
  /** ISO 639-1, e.g. sv. */
  language: string;
  /** ISO 3166-1 alpha-2, e.g. SE. */
  country: string;
  zip: string;
  /** The cart's weight, grams (sent as kg, `weight` "Supplied as 0.0"). */
  weightGrams: number;
  /** The cart's value incl. VAT, minor units (sent as `cartprice` in currency units). */
  cartValue: number;
  street?: string;
  city?: string;
}

/** The shipment to book (N4's example fields; the chosen agent as `agent.quickId`, not confirmed). */
export interface ShipmentRequest {
  /** Our order number: the key that makes booking safe to repeat. */
  orderNo: string;
  senderQuickId: string;
  serviceId: string;
  receiver: {
    name: string;
    address1: string;
    address2?: string;
    zipcode: string;
    city: string;
    country: string;
    email?: string;
    mobile?: string;
    phone?: string;
  };
  /** The pickup point's id (nShift's agent id) for service-point services. */
  agentId?: string | null;
  parcels: Array<{ weightKg: number; contents: string; copies?: number }>;
  senderReference?: string;
}

/** `field: message` of one item of an error answer (N6: shape not confirmed), else ''. */
function errorText(item: unknown): string {
  if (typeof item !== 'object' || item === null) return '';
  const { field, message } = item as { field?: unknown; message?: unknown };
  if (typeof message !== 'string') return '';
  return typeof field === 'string' && field ? `${field}: ${message}` : message;
}

function retryable(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Validation failure of an answer the API sent with a success status. */
function badAnswer(status: number, issue: z.ZodError): NshiftResult<never> {
  const first = issue.issues[0];
  return {
    ok: false,
    status,
    retry: false,
    code: 'BAD_ANSWER',
    message: `nShift's answer has another shape: ${first?.path.join('.') || '(root)'} ${first?.message ?? ''}`,
  };
}

/** A client bound to one API key. */
export class NshiftClient {
  constructor(private readonly credentials: NshiftCredentials) {}

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T> | null,
    body?: unknown,
  ): Promise<NshiftResult<T>> {
    const { apiUrl, keyId, keySecret } = this.credentials;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
      accept: 'application/json',
      'user-agent': 'trampa-shop (+https://github.com/trampa)',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.credentials.timeoutMs ?? 8_000),
        redirect: 'error',
      });
    } catch (error) {
      return {
        ok: false,
        status: 0,
        retry: true,
        code: 'NETWORK',
        message: error instanceof Error ? error.message : String(error),
      };
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      // N6: nShift's error bodies are not published; read messages where they look like some.
      const items = Array.isArray(parsed) ? parsed : parsed ? [parsed] : [];
      const messages = items.map(errorText).filter(Boolean);
      return {
        ok: false,
        status: response.status,
        retry: retryable(response.status),
        code: response.status === 404 ? 'NOT_FOUND' : `HTTP_${response.status}`,
        message: messages.join('; ') || `nShift answered ${response.status}`,
      };
    }
    if (!schema) return { ok: true, status: response.status, body: parsed as T };
    const checked = schema.safeParse(parsed);
    if (!checked.success) return badAnswer(response.status, checked.error);
    // The answer as nShift sent it (the schemas transform nothing): fields the schemas do not
    // name are kept, so `shippingData` is nShift's own JSON for ralph's widget (ADR 020 §3).
    return { ok: true, status: response.status, body: parsed as T };
  }

  /** `GET /delivery-checkouts/{id}` (N2): the options for a postcode, weight and cart value. */
  deliveryOptions(query: OptionsQuery): Promise<NshiftResult<DeliveryCheckout>> {
    const params = new URLSearchParams({
      currency: query.currency,
      language: query.language,
      tocountry: query.country,
      tozipcode: query.zip.replace(/\s/g, ''),
      weight: (query.weightGrams / 1000).toFixed(3),
      cartprice: (query.cartValue / 100).toFixed(2),
    });
    if (query.street) params.set('tostreet', query.street);
    if (query.city) params.set('tocity', query.city);
    return this.call(
      'GET',
      `/delivery-checkouts/${encodeURIComponent(query.deliveryCheckoutId)}?${params}`,
      deliveryCheckoutSchema,
    );
  }

  /** `GET /stored-shipments?searchField=orderNo&searchOp=equals&searchValue=…` (N4). */
  findStoredShipments(orderNo: string): Promise<NshiftResult<StoredShipment[]>> {
    const params = new URLSearchParams({
      searchField: 'orderNo',
      searchOp: 'equals',
      searchValue: orderNo,
    });
    return this.call('GET', `/stored-shipments?${params}`, z.array(storedSchema));
  }

  /** `POST /stored-shipments` (N4): the shipment stored for printing (status READY when complete). */
  createStoredShipment(shipment: ShipmentRequest): Promise<NshiftResult<StoredShipment>> {
    return this.call('POST', '/stored-shipments', storedSchema, {
      sender: { quickId: shipment.senderQuickId },
      receiver: shipment.receiver,
      service: { id: shipment.serviceId, addons: [], normalShipment: true },
      ...(shipment.agentId ? { agent: { quickId: shipment.agentId } } : {}),
      orderNo: shipment.orderNo,
      senderReference: shipment.senderReference ?? shipment.orderNo,
      parcels: shipment.parcels.map((p) => ({
        copies: p.copies ?? 1,
        weight: p.weightKg,
        contents: p.contents,
        valuePerParcel: true,
      })),
    });
  }

  /** `POST /stored-shipments/{storedId}/shipments` (N5): prints it; parcel numbers and label links. */
  printStoredShipment(storedId: string): Promise<NshiftResult<PrintedShipment[]>> {
    return this.call(
      'POST',
      `/stored-shipments/${encodeURIComponent(storedId)}/shipments`,
      z.array(shipmentSchema).min(1),
      {},
    );
  }

  /**
   * Books a parcel once however often it is called for the same `orderNo`: the order's READY
   * stored shipment is found (or created, N4), then printed (N5). `storedId` is what an earlier
   * attempt created (the caller keeps it): if that one cannot be printed any more (404: printed
   * by an attempt whose answer was lost) the answer is `BOOKING_UNCERTAIN`, final, and staff
   * read the parcel in nShift Delivery, instead of a second parcel being booked.
   * @param onStored called with the stored shipment's id before it is printed (to keep it)
   */
  async bookShipment(
    shipment: ShipmentRequest,
    storedId: string | null,
    onStored?: (id: string) => Promise<void> | void,
  ): Promise<NshiftResult<{ storedId: string; shipments: PrintedShipment[] }>> {
    let id = storedId;
    if (!id) {
      const found = await this.findStoredShipments(shipment.orderNo);
      if (!found.ok) return found;
      const ready = found.body.find(
        (s) => s.orderNo === shipment.orderNo && /^ready$/i.test(s.status),
      );
      if (ready) id = ready.id;
      else {
        const created = await this.createStoredShipment(shipment);
        if (!created.ok) return created;
        if (!/^ready$/i.test(created.body.status)) {
          return {
            ok: false,
            status: 201,
            retry: false,
            code: 'SHIPMENT_INVALID',
            message: `nShift stored the shipment as ${created.body.status}`,
          };
        }
        id = created.body.id;
      }
      await onStored?.(id);
    }
    const printed = await this.printStoredShipment(id);
    if (!printed.ok) {
      if (printed.code === 'NOT_FOUND' && storedId) {
        return {
          ok: false,
          status: 404,
          retry: false,
          code: 'BOOKING_UNCERTAIN',
          message: `stored shipment ${id} is gone: it may have been printed by an earlier attempt; check nShift Delivery for order ${shipment.orderNo}`,
        };
      }
      return printed;
    }
    return { ok: true, status: printed.status, body: { storedId: id, shipments: printed.body } };
  }

  /** A label's bytes from its `pdfs[].href` (N5; nShift keeps documents one hour). */
  async fetchLabel(href: string): Promise<NshiftResult<Buffer>> {
    const base = this.credentials.apiUrl.replace(/\/$/, '');
    if (!href.startsWith(`${base}/`)) {
      return {
        ok: false,
        status: 0,
        retry: false,
        code: 'BAD_ANSWER',
        message: 'label link is not on the API',
      };
    }
    const { keyId, keySecret } = this.credentials;
    try {
      const response = await fetch(href, {
        headers: {
          authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
          accept: 'application/pdf',
        },
        signal: AbortSignal.timeout(this.credentials.timeoutMs ?? 8_000),
        redirect: 'error',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!response.ok) {
        return {
          ok: false,
          status: response.status,
          retry: retryable(response.status),
          code: response.status === 404 ? 'NOT_FOUND' : `HTTP_${response.status}`,
          message: `nShift answered ${response.status}`,
        };
      }
      if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        return {
          ok: false,
          status: response.status,
          retry: false,
          code: 'BAD_ANSWER',
          message: 'not a PDF',
        };
      }
      return { ok: true, status: response.status, body: bytes };
    } catch (error) {
      return {
        ok: false,
        status: 0,
        retry: true,
        code: 'NETWORK',
        message: error instanceof Error ? error.message : String(error),
      };
    }
  }
}
