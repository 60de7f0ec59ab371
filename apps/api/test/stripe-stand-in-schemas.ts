/**
 * Request and response shapes of the Stripe stand-in (stripe-stand-in.ts; docs/payment-stand-ins.md
 * S2, S8): validation, which valid parameters it simulates, and the skeletons of the objects it
 * answers. Stripe's OpenAPI file cannot be brought offline, so the reference is the `stripe`
 * package's own TypeScript declarations, which Stripe generates from that spec for the package's
 * API version. `ts-json-schema-generator` turns them into JSON Schema once per package version,
 * cached in `node_modules/.cache/stripe-stand-in/<version>.json`; Ajv 8 validates against it.
 */
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import Stripe from 'stripe';
import { createGenerator, ExposeNodeParser, symbolAtNode } from 'ts-json-schema-generator';

/** Where the stripe package lives (the directory holding its package.json). */
const STRIPE_DIR = (() => {
  let dir = dirname(createRequire(import.meta.url).resolve('stripe'));
  const named = (d: string) =>
    existsSync(join(d, 'package.json')) &&
    (JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as { name?: string }).name ===
      'stripe';
  while (!named(dir)) {
    if (dirname(dir) === dir) throw new Error('Stripe stand-in: stripe package not found');
    dir = dirname(dir);
  }
  return dir;
})();
const STRIPE_VERSION = (
  JSON.parse(readFileSync(join(STRIPE_DIR, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const OPENAPI_VERSION = readFileSync(join(STRIPE_DIR, 'OPENAPI_VERSION'), 'utf8').trim();

/** The reference, read from the installed package (its version, API version and spec tag). */
export const REFERENCE = `stripe@${STRIPE_VERSION} types (API ${Stripe.API_VERSION}), generated from stripe/openapi ${OPENAPI_VERSION}`;

/** Request parameter types validated (one per endpoint of S3). */
export type RequestType =
  | 'PaymentIntentCreateParams'
  | 'PaymentIntentUpdateParams'
  | 'PaymentIntentRetrieveParams'
  | 'PaymentIntentConfirmParams'
  | 'PaymentIntentCaptureParams'
  | 'PaymentIntentCancelParams'
  | 'RefundCreateParams'
  | 'RefundListParams';
/** Response and webhook body types validated; `StripeErrorBody` is built from `StripeRawError`. */
export type ResponseType =
  | 'PaymentIntent'
  | 'Refund'
  | 'Charge'
  | 'StripeErrorBody'
  | 'PaymentIntentSucceededEvent'
  | 'PaymentIntentAmountCapturableUpdatedEvent'
  | 'PaymentIntentPaymentFailedEvent'
  | 'PaymentIntentCanceledEvent'
  | 'ChargeRefundedEvent'
  | 'RefundList'
  | 'RefundUpdatedEvent';

const GENERATED = `PaymentIntentCreateParams PaymentIntentUpdateParams PaymentIntentRetrieveParams
  PaymentIntentConfirmParams PaymentIntentCaptureParams PaymentIntentCancelParams RefundCreateParams
  PaymentIntent Refund Charge StripeRawError PaymentIntentSucceededEvent ChargeRefundedEvent
  PaymentIntentAmountCapturableUpdatedEvent PaymentIntentPaymentFailedEvent PaymentIntentCanceledEvent
  RefundListParams RefundUpdatedEvent`
  .trim()
  .split(/\s+/);
/** The declaration files the types live in (esm/, as the package's `types` export points there). */
const SOURCES = ['PaymentIntents', 'Refunds', 'Charges', 'Events']
  .map((name) => `resources/${name}.d.ts`)
  .concat('Types.d.ts');
/** Bumped when the generation or post-processing below changes (the cache is regenerated). */
const FORMAT = 1;
/** Fields stripe-node adds to `StripeRawError` on the client; they are not in the HTTP body. */
const CLIENT_ONLY = ['headers', 'statusCode', 'requestId', 'detail', 'exception'];

type Schema = Record<string, unknown> & {
  properties?: Record<string, unknown>;
  required?: string[];
};
interface CacheFile {
  format: number;
  stripe: string;
  types: string[];
  definitions: Record<string, Schema>;
}
/** The generated schemas and where they came from. */
export interface StripeSchemas {
  file: string;
  /** Milliseconds the generation took in this process, or null when read from the cache. */
  generatedMs: number | null;
  definitions: Record<string, Schema>;
}

/** The cache file for the installed stripe version. */
export const schemaCacheFile = () =>
  join(dirname(STRIPE_DIR), '.cache', 'stripe-stand-in', `${STRIPE_VERSION}.json`);

type DefinitionNamer = (this: ExposeNodeParser, node: never, context: never) => string;

/**
 * Runs ts-json-schema-generator over the package's declarations. Its definition names drop the
 * file a type comes from, so `Card` (resources/Cards.d.ts) and `Issuing.Card`
 * (resources/Issuing/Cards.d.ts) collide ("multiple definitions"); while generating, names get
 * the sub-folder as prefix, as Stripe's own namespaces do (`Stripe.Issuing.Card`).
 */
function generate(cacheDir: string): Record<string, Schema> {
  const tsconfig = join(cacheDir, `tsconfig.${process.pid}.${randomUUID()}.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({
      // strict: without strictNullChecks every `| null` of the types would be lost.
      compilerOptions: { strict: true, skipLibCheck: true, noEmit: true, types: [] },
      files: SOURCES.map((f) => join(STRIPE_DIR, 'esm', f)),
    }),
  );
  const proto = ExposeNodeParser.prototype as unknown as { getDefinitionName: DefinitionNamer };
  const original = proto.getDefinitionName;
  proto.getDefinitionName = function (node, context) {
    const name = original.call(this, node, context);
    const symbol = symbolAtNode(node);
    const file = symbol
      ? /^"(.*)"\./.exec(this['typeChecker'].getFullyQualifiedName(symbol))
      : null;
    const folders = file?.[1]?.split('/esm/resources/')[1]?.split('/').slice(0, -1) ?? [];
    return [...folders, name].join('.');
  };
  try {
    const generator = createGenerator({
      tsconfig,
      skipTypeCheck: true,
      jsDoc: 'none',
      expose: 'export',
      topRef: true,
      additionalProperties: false,
    });
    return generator.createSchema(GENERATED).definitions as Record<string, Schema>;
  } finally {
    proto.getDefinitionName = original;
    rmSync(tsconfig, { force: true });
  }
}

/** `{ error: … }` from `StripeRawError` without stripe-node's client-side fields (S3). */
function errorBodySchema(raw: Schema): Schema {
  const properties = Object.fromEntries(
    Object.entries(raw.properties ?? {}).filter(([k]) => !CLIENT_ONLY.includes(k)),
  );
  // Stand-in rule: every error names its type and a message (both optional in StripeRawError).
  const error = { ...raw, properties, required: ['type', 'message'], additionalProperties: false };
  return {
    type: 'object',
    properties: { error },
    required: ['error'],
    additionalProperties: false,
  };
}

let loaded: StripeSchemas | undefined;

/**
 * The schemas: read from the cache, or generated (a few seconds) and written there through a
 * temporary file and a rename, so two test processes generating at once both end with a whole file.
 */
export function loadStripeSchemas(): StripeSchemas {
  if (loaded) return loaded;
  const file = schemaCacheFile();
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    const complete = GENERATED.every((type) => cached.types.includes(type));
    if (cached.format === FORMAT && cached.stripe === STRIPE_VERSION && complete) {
      return (loaded = { file, generatedMs: null, definitions: cached.definitions });
    }
  } catch {
    // missing or unreadable: generate
  }
  const started = Date.now();
  mkdirSync(dirname(file), { recursive: true });
  const definitions = generate(dirname(file));
  const raw = definitions.StripeRawError;
  if (!raw?.properties) throw new Error('Stripe stand-in: StripeRawError was not generated');
  definitions.StripeErrorBody = errorBodySchema(raw);
  const content: CacheFile = {
    format: FORMAT,
    stripe: STRIPE_VERSION,
    types: GENERATED,
    definitions,
  };
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(temporary, JSON.stringify(content));
  renameSync(temporary, file);
  return (loaded = { file, generatedMs: Date.now() - started, definitions });
}

/**
 * `ApiList<Refund>` (lib.d.ts) as JSON Schema, over the generated `Refund` definition: the
 * generator takes named types, not instantiations of a generic.
 */
const REFUND_LIST_SCHEMA = {
  type: 'object',
  properties: {
    object: { type: 'string', const: 'list' },
    data: { type: 'array', items: { $ref: '#/definitions/Refund' } },
    has_more: { type: 'boolean' },
    url: { type: 'string' },
  },
  required: ['object', 'data', 'has_more', 'url'],
  additionalProperties: false,
};

const SCHEMA_ID = 'stripe-types';
let requestAjv: Ajv | undefined;
let responseAjv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

/** One Ajv per direction (coercion only for requests: form bodies carry strings). */
function validator(type: RequestType | ResponseType, request: boolean): ValidateFunction {
  const key = `${request}:${type}`;
  const found = compiled.get(key);
  if (found) return found;
  const make = () => {
    // optimize: false compiles these large schemas about twice as fast.
    const ajv = new Ajv({ strict: false, coerceTypes: request, code: { optimize: false } });
    const definitions = { ...loadStripeSchemas().definitions, RefundList: REFUND_LIST_SCHEMA };
    ajv.addSchema({ $id: SCHEMA_ID, definitions });
    return ajv;
  };
  const ajv = request ? (requestAjv ??= make()) : (responseAjv ??= make());
  const validate = ajv.getSchema(`${SCHEMA_ID}#/definitions/${type}`);
  if (!validate) throw new Error(`Stripe stand-in: no schema ${type}`);
  compiled.set(key, validate);
  return validate;
}

/** A JSON pointer as Stripe names a form parameter: `/a/b/0` + `c` → `a[b][0][c]`. */
export function paramName(pointer: string, last?: string): string {
  const parts = [...pointer.split('/').slice(1), ...(last === undefined ? [] : [last])];
  const [first = '', ...rest] = parts.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return first + rest.map((p) => `[${p}]`).join('');
}

/** What is wrong with a request's parameters, as Stripe's 400 names it (S3). */
export interface ParamProblem {
  code:
    'parameter_unknown' | 'parameter_missing' | 'parameter_invalid_integer' | 'parameter_invalid';
  param: string;
  message: string;
}

function problemOf(errors: ErrorObject[]): ParamProblem {
  const unknown = errors.find((e) => e.keyword === 'additionalProperties');
  if (unknown) {
    const param = paramName(unknown.instancePath, String(unknown.params.additionalProperty));
    return { code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` };
  }
  const missing = errors.find((e) => e.keyword === 'required');
  if (missing) {
    const param = paramName(missing.instancePath, String(missing.params.missingProperty));
    return { code: 'parameter_missing', param, message: `Missing required param: ${param}.` };
  }
  // The deepest error names the parameter best (anyOf branches add shallower ones).
  const deepest = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  const param = paramName(deepest?.instancePath ?? '');
  // Stand-in assumption: codes other than parameter_invalid_integer are not matched to Stripe's.
  const integer = deepest?.keyword === 'type' && deepest.params.type === 'number';
  return integer
    ? { code: 'parameter_invalid_integer', param, message: `Invalid integer: ${param}` }
    : { code: 'parameter_invalid', param, message: `Invalid ${param}: ${deepest?.message ?? ''}` };
}

/**
 * Validates (and coerces: `"1000"` → 1000) form parameters parsed with qs against the request
 * type. Unknown parameters at any depth fail, as the types have no index signatures there.
 */
export function checkParams(
  type: RequestType,
  params: Record<string, unknown>,
): { params: Record<string, unknown> } | { problem: ParamProblem } {
  const copy = structuredClone(params);
  const validate = validator(type, true);
  return validate(copy) ? { params: copy } : { problem: problemOf(validate.errors ?? []) };
}

/** Validates a body the stand-in sends (response or webhook event): null, or what is wrong. */
export function checkBody(type: ResponseType, body: unknown): string | null {
  const validate = validator(type, false);
  if (validate(body)) return null;
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${type}${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('; ');
}

const INTENT_FIELDS = 'amount allowed_payment_method_types metadata description receipt_email';
const OPTIONS =
  'payment_method_options.card.capture_method payment_method_options.swish.reference ' +
  'payment_method_options.klarna.capture_method';
/**
 * The parameters the stand-in simulates per request type (dotted paths cover what is below).
 * Others that the types allow are refused with a 400 "not simulated", never silently ignored.
 */
const SIMULATED: Record<RequestType, string[]> = Object.fromEntries(
  Object.entries({
    PaymentIntentCreateParams: `currency capture_method ${INTENT_FIELDS} ${OPTIONS}`,
    PaymentIntentUpdateParams: `${INTENT_FIELDS} ${OPTIONS}`,
    PaymentIntentRetrieveParams: 'client_secret',
    PaymentIntentConfirmParams: 'payment_method payment_method_data.type return_url',
    PaymentIntentCaptureParams: 'amount_to_capture final_capture metadata',
    PaymentIntentCancelParams: 'cancellation_reason',
    RefundCreateParams: 'payment_intent charge amount reason metadata',
    RefundListParams: 'payment_intent charge limit starting_after',
  }).map(([type, names]) => [type, names.split(' ')]),
) as Record<RequestType, string[]>;

/** The first parameter (bracket name) valid for the type but not simulated, or null. */
export function unsimulatedParam(
  type: RequestType,
  params: Record<string, unknown>,
): string | null {
  const allowed = SIMULATED[type];
  const walk = (object: Record<string, unknown>, at: string[]): string | null => {
    for (const [key, value] of Object.entries(object)) {
      const path = [...at, key];
      const dotted = path.join('.');
      if (allowed.some((a) => a === dotted || dotted.startsWith(`${a}.`))) continue;
      const inner = typeof value === 'object' && value !== null && !Array.isArray(value);
      if (!inner || !allowed.some((a) => a.startsWith(`${dotted}.`))) {
        return paramName(`/${path.join('/')}`);
      }
      const found = walk(value as Record<string, unknown>, path);
      if (found) return found;
    }
    return null;
  };
  return walk(params, []);
}

/** null for each named field: what the stand-in does not model (all nullable in the types). */
const nulls = (names: string): object =>
  Object.fromEntries(
    names
      .trim()
      .split(/\s+/)
      .map((name) => [name, null]),
  );
const unixNow = () => Math.floor(Date.now() / 1000);

/** A PaymentIntent with every field its type requires; unmodelled ones null. */
export function intentShape(
  fields: Pick<Stripe.PaymentIntent, 'id' | 'amount' | 'currency' | 'capture_method'> &
    Partial<Stripe.PaymentIntent>,
): Stripe.PaymentIntent {
  const unmodelled = nulls(`allowed_payment_method_types application application_fee_amount
    automatic_payment_methods canceled_at cancellation_reason customer customer_account description
    excluded_payment_method_types last_payment_error latest_charge managed_payments next_action
    on_behalf_of payment_method payment_method_configuration_details payment_method_options
    payment_record processing receipt_email review setup_future_usage shipping source
    statement_descriptor statement_descriptor_suffix transfer_group`);
  return {
    ...unmodelled,
    object: 'payment_intent',
    amount_capturable: 0,
    amount_received: 0,
    client_secret: null,
    confirmation_method: 'automatic',
    created: unixNow(),
    livemode: false,
    metadata: {},
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    ...fields,
  } as Stripe.PaymentIntent;
}

/**
 * The Charge of a confirm: card (authorised, or declined) or Swish. Stand-in assumptions: the
 * card's details (a Visa ending 4242, or 0002 when declined) and the outcome values, as Stripe's
 * examples show them; the types only name the fields.
 */
export function chargeShape(
  id: string,
  intent: Stripe.PaymentIntent,
  how: {
    method: 'card' | 'swish' | 'klarna';
    paymentMethod: string;
    declined: boolean;
    captureBefore: number;
  },
): Stripe.Charge {
  const { declined } = how;
  const card = {
    ...nulls(`authorization_code checks electronic_commerce_indicator installments mandate
      network_transaction_id regulated_status three_d_secure transaction_link_id wallet`),
    amount_authorized: declined ? null : intent.amount,
    brand: 'visa',
    capture_before: how.captureBefore,
    country: 'US',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    funding: 'credit',
    last4: declined ? '0002' : '4242',
    network: 'visa',
  };
  const swish = nulls('fingerprint payment_reference verified_phone_last4');
  // Stand-in assumption: the category the shopper chose at Klarna (Charges.d.ts: a string).
  const klarna = {
    ...nulls('payer_details preferred_locale'),
    payment_method_category: 'pay_later',
  };
  const outcome = {
    ...nulls('advice_code network_advice_code network_decline_code'),
    network_status: declined ? 'declined_by_network' : 'approved_by_network',
    reason: declined ? 'generic_decline' : null,
    risk_level: 'normal',
    seller_message: declined ? 'The bank declined the payment.' : 'Payment complete.',
    type: declined ? 'issuer_declined' : 'authorized',
  };
  return {
    ...nulls(`application application_fee application_fee_amount balance_transaction
      calculated_statement_descriptor customer failure_balance_transaction on_behalf_of
      receipt_number receipt_url review shipping source source_transfer statement_descriptor
      statement_descriptor_suffix transfer_data transfer_group`),
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: 0,
    amount_refunded: 0,
    billing_details: nulls('address email name phone tax_id'),
    captured: false,
    created: unixNow(),
    currency: intent.currency,
    description: intent.description,
    disputed: false,
    failure_code: declined ? 'card_declined' : null,
    failure_message: declined ? 'Your card was declined.' : null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    outcome,
    paid: !declined,
    payment_intent: intent.id,
    payment_method: how.paymentMethod,
    payment_method_details:
      how.method === 'card'
        ? { type: 'card', card }
        : how.method === 'klarna'
          ? { type: 'klarna', klarna: { ...klarna } }
          : { type: 'swish', swish },
    receipt_email: intent.receipt_email,
    refunded: false,
    status: declined ? 'failed' : 'succeeded',
  } as Stripe.Charge;
}

/** A succeeded Refund (the stand-in's refunds succeed at once). */
export function refundShape(
  fields: Pick<
    Stripe.Refund,
    | 'id'
    | 'amount'
    | 'charge'
    | 'currency'
    | 'metadata'
    | 'payment_intent'
    | 'payment_method'
    | 'reason'
  >,
): Stripe.Refund {
  const unmodelled = nulls(`balance_transaction customer customer_account receipt_number
    source_transfer_reversal transfer_reversal`);
  return {
    ...unmodelled,
    object: 'refund',
    created: unixNow(),
    status: 'succeeded',
    ...fields,
  } as Stripe.Refund;
}

/** MetadataParam → Metadata: numbers become strings; '' or null removes a key, '' as a whole clears. */
export function metadataShape(current: Stripe.Metadata, param: unknown): Stripe.Metadata {
  if (param === '' || param === null) return {};
  const next = { ...current };
  const entries = typeof param === 'object' && param !== null ? Object.entries(param) : [];
  for (const [k, v] of entries) {
    if (v === '' || v === null) delete next[k];
    else next[k] = String(v);
  }
  return next;
}

/** The intent's payment_method_options from the create/update parameters (card, swish). */
export function methodOptionsShape(
  p: Stripe.PaymentIntentCreateParams.PaymentMethodOptions,
  types: string[],
): Stripe.PaymentIntent.PaymentMethodOptions {
  const options: Stripe.PaymentIntent.PaymentMethodOptions = {};
  if (p.card && types.includes('card')) {
    const card = { installments: null, mandate_options: null, network: null };
    options.card = { ...card, request_three_d_secure: 'automatic' };
    if (p.card.capture_method === 'manual') options.card.capture_method = 'manual';
  }
  if (p.swish && types.includes('swish')) options.swish = { reference: p.swish.reference || null };
  if (p.klarna && types.includes('klarna')) {
    options.klarna = { preferred_locale: null };
    if (p.klarna.capture_method === 'manual') options.klarna.capture_method = 'manual';
  }
  return options;
}

/** A webhook event's envelope [S4; Events.d.ts EventBase] (test mode, one pending webhook). */
export function eventShape(
  id: string,
  type: string,
  object: unknown,
  request: Stripe.Event.Request | null,
) {
  const envelope = { id, object: 'event', api_version: Stripe.API_VERSION, created: unixNow() };
  return { ...envelope, data: { object }, livemode: false, pending_webhooks: 1, request, type };
}
