/**
 * A small client of Kustom Checkout (KCO v3) and Order Management (issue 42; ADR 019; the
 * endpoints, fields and statuses as docs/payment-stand-ins.md K1–K4 cites them from Klarna's and
 * Kustom's published references). Kustom publishes no Node SDK, so this is `fetch` with HTTP
 * Basic auth and JSON bodies. Amounts are minor units (öre, cent). Every Order Management POST
 * carries `Klarna-Idempotency-Key` (a UUID v5 of our own operation key: "only the key matters").
 *
 * Errors: every call answers a {@link KustomResult}; a network failure, a timeout, 408, 409, 429
 * and 5xx are `retry: true` (the caller retries later with the same key), other 4xx are final.
 */
import { createHash } from 'node:crypto';
import type { ProviderLine } from './provider-lines.ts';

/** Where and as whom the client calls Kustom. */
export interface KustomCredentials {
  /** API base, e.g. `https://api.kustom.co` (no trailing slash). */
  apiUrl: string;
  username: string;
  password: string;
  /** Per-call timeout, milliseconds (default 10 000; KCO's own limit is 30 s). */
  timeoutMs?: number;
}

/** A KCO `order_line` (K2). */
export interface KustomOrderLine {
  type?: string;
  reference?: string;
  name: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_tax_amount: number;
  total_discount_amount?: number;
  merchant_data?: string;
}

/** A KCO address (billing_address / shipping_address), the fields the shop reads. */
export interface KustomAddress {
  given_name?: string;
  family_name?: string;
  organization_name?: string;
  email?: string;
  street_address?: string;
  street_address2?: string;
  postal_code?: string;
  city?: string;
  phone?: string;
  country?: string;
  care_of?: string;
}

/** The checkout order as KCO returns it (the fields the shop reads). */
export interface KustomCheckoutOrder {
  order_id: string;
  status: string;
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: KustomOrderLine[];
  html_snippet?: string;
  merchant_reference1?: string;
  merchant_reference2?: string;
  billing_address?: KustomAddress;
  shipping_address?: KustomAddress;
  completed_at?: string;
}

/** The request body of create and update (K2). */
export interface KustomCheckoutRequest {
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: KustomOrderLine[];
  merchant_reference2?: string;
  merchant_urls: {
    terms: string;
    checkout: string;
    confirmation: string;
    push: string;
    validation?: string;
  };
  billing_address?: KustomAddress;
  shipping_address?: KustomAddress;
}

/** The Order Management order (`MerchantOrderDto`, K4), the fields the shop reads. */
export interface KustomOmOrder {
  order_id: string;
  status: string;
  fraud_status?: string;
  order_amount: number;
  captured_amount: number;
  refunded_amount: number;
  remaining_authorized_amount?: number;
  purchase_currency: string;
  klarna_reference?: string;
  expires_at?: string;
  initial_payment_method?: { type?: string; description?: string };
  order_lines?: KustomOrderLine[];
}

/** The outcome of a call: the body (and the id header of captures/refunds), or why not. */
export type KustomResult<T> =
  | { ok: true; status: number; body: T; location: string | null; operationId: string | null }
  | {
      ok: false;
      status: number;
      /** True when the same call may succeed later: network, timeout, 408, 409, 429, 5xx. */
      retry: boolean;
      /** Kustom's `error_code`, else `HTTP_{status}` or `NETWORK`. */
      code: string;
      message: string;
    };

/** Our fixed namespace for the name-based idempotency keys (RFC 4122 §4.3, version 5). */
const KEY_NAMESPACE = '6f1c2b0e-5d4a-4e8b-9a27-3c0d8e9f1a42';

/**
 * The `Klarna-Idempotency-Key` for one of our operation keys, prefixed with Kustom's order id
 * (e.g. `4c7e…:capture:42:1`): a UUID version 5 of it, the same for the same key every time.
 */
export function kustomIdempotencyKey(key: string): string {
  const ns = Buffer.from(KEY_NAMESPACE.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1').update(ns).update(key, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Our provider lines as KCO order lines (ADR 019 §1; K2 field names). */
export function toKustomLines(lines: readonly ProviderLine[]): KustomOrderLine[] {
  return lines.map((l) => ({
    type: l.type,
    reference: l.reference,
    name: l.name,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    tax_rate: l.taxRate,
    total_amount: l.totalAmount,
    total_tax_amount: l.totalTaxAmount,
    total_discount_amount: l.totalDiscountAmount,
  }));
}

function retryable(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** A client bound to one set of credentials. */
export class KustomClient {
  constructor(private readonly credentials: KustomCredentials) {}

  private async call<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<KustomResult<T>> {
    const { apiUrl, username, password } = this.credentials;
    const headers: Record<string, string> = {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      accept: 'application/json',
      'user-agent': 'trampa-shop (+https://github.com/trampa)',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['klarna-idempotency-key'] = kustomIdempotencyKey(idempotencyKey);
    let response: Response;
    try {
      response = await fetch(`${apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.credentials.timeoutMs ?? 10_000),
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
      const error = (parsed ?? {}) as { error_code?: string; error_messages?: string[] };
      return {
        ok: false,
        status: response.status,
        retry: retryable(response.status),
        code: error.error_code ?? `HTTP_${response.status}`,
        message: (error.error_messages ?? []).join('; ') || `Kustom answered ${response.status}`,
      };
    }
    return {
      ok: true,
      status: response.status,
      body: parsed as T,
      location: response.headers.get('location'),
      operationId: response.headers.get('capture-id') ?? response.headers.get('refund-id'),
    };
  }

  /** `POST /checkout/v3/orders`: a new checkout order (201). */
  createCheckout(order: KustomCheckoutRequest): Promise<KustomResult<KustomCheckoutOrder>> {
    return this.call('POST', '/checkout/v3/orders', order);
  }

  /** `POST /checkout/v3/orders/{id}`: updates an incomplete checkout order (403 once complete). */
  updateCheckout(
    orderId: string,
    order: KustomCheckoutRequest,
  ): Promise<KustomResult<KustomCheckoutOrder>> {
    return this.call('POST', `/checkout/v3/orders/${encodeURIComponent(orderId)}`, order);
  }

  /** `GET /checkout/v3/orders/{id}`: the checkout order (with the confirmation snippet once complete). */
  readCheckout(orderId: string): Promise<KustomResult<KustomCheckoutOrder>> {
    return this.call('GET', `/checkout/v3/orders/${encodeURIComponent(orderId)}`);
  }

  /** `GET /ordermanagement/v1/orders/{id}`: the authorised order (404 before completion). */
  readOrder(orderId: string): Promise<KustomResult<KustomOmOrder>> {
    return this.call('GET', `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}`);
  }

  private omPost<T = null>(
    orderId: string,
    action: string,
    key: string,
    body?: unknown,
  ): Promise<KustomResult<T>> {
    // Kustom's order id in the key too: our keys repeat across shops and restored databases
    // (order 100002 of another installation), Kustom's order ids do not.
    return this.call<T>(
      'POST',
      `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/${action}`,
      body,
      `${orderId}:${key}`,
    );
  }

  /**
   * `PATCH …/merchant-references` (204): the shop's order number as `merchant_reference1`, so
   * Kustom's portal and the shopper's Kustom receipts name the order as the shop does (Klarna
   * Order Management "Update merchant references"; setting it again to the same value changes
   * nothing, so no idempotency key).
   */
  setMerchantReference(orderId: string, reference1: string): Promise<KustomResult<null>> {
    return this.call(
      'PATCH',
      `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}/merchant-references`,
      { merchant_reference1: reference1 },
    );
  }

  /** `POST …/acknowledge` (204): the shop has the order; stops the pushes. */
  acknowledge(orderId: string, key: string): Promise<KustomResult<null>> {
    return this.omPost(orderId, 'acknowledge', key);
  }

  /** `POST …/captures` (201, `Capture-Id`): takes `amount` öre of the authorisation. */
  capture(
    orderId: string,
    key: string,
    capture: {
      amount: number;
      lines?: readonly ProviderLine[];
      reference?: string;
      shippingInfo?: Array<{
        shipping_company?: string;
        tracking_number?: string;
        tracking_uri?: string;
      }>;
    },
  ): Promise<KustomResult<null>> {
    return this.omPost(orderId, 'captures', key, {
      captured_amount: capture.amount,
      ...(capture.lines ? { order_lines: toKustomLines(capture.lines) } : {}),
      ...(capture.reference ? { reference: capture.reference.slice(0, 255) } : {}),
      ...(capture.shippingInfo?.length ? { shipping_info: capture.shippingInfo } : {}),
    });
  }

  /**
   * `POST …/refunds` (201, `Refund-Id`): pays `amount` öre of the captured amount back; with
   * `lines` (the refunded lines, "shown to the customer", K4), their `total_amount`s add up to
   * `amount` exactly.
   */
  refund(
    orderId: string,
    key: string,
    refund: {
      amount: number;
      lines?: readonly ProviderLine[];
      description?: string;
      reference?: string;
    },
  ): Promise<KustomResult<null>> {
    return this.omPost(orderId, 'refunds', key, {
      refunded_amount: refund.amount,
      ...(refund.lines?.length ? { order_lines: toKustomLines(refund.lines) } : {}),
      ...(refund.description ? { description: refund.description.slice(0, 255) } : {}),
      ...(refund.reference ? { reference: refund.reference.slice(0, 255) } : {}),
    });
  }

  /** `POST …/cancel` (204): voids an authorisation without captures. */
  cancel(orderId: string, key: string): Promise<KustomResult<null>> {
    return this.omPost(orderId, 'cancel', key);
  }

  /** `POST …/release-remaining-authorization` (204): after a partial capture, frees the rest. */
  releaseRemaining(orderId: string, key: string): Promise<KustomResult<null>> {
    return this.omPost(orderId, 'release-remaining-authorization', key);
  }
}
