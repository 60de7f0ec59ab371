/**
 * The catalogue on the admin API (issue 26 "What must show"): who may change it (anonymous, a
 * shop API key, a customer token: 401; a content editor: 403), CSRF, an image upload resized
 * with sharp and served by the image route, and the audit log of every change with before/after;
 * a category's alias change keeps the old alias finding it (the storefront answers 301). On
 * every database kind.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { brands, categories, markets } from '../src/db/schema.ts';
import { TEST_API_KEY } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { testDatabaseKinds } from './test-db.ts';

const CREATE = `mutation($input: ProductInput!) {
  createProduct(input: $input) { id alias published skus { size ean } images
    prices { marketId priceIncVat priceExVat vat } } }`;

describe.each(testDatabaseKinds())('admin catalogue on %s', (kind) => {
  const state = useAdminApi(kind);
  let mediaDir: string;
  let input: Record<string, unknown>;
  let categoryId: number;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'trampa-media-'));
    state.config = { ...state.config, mediaStorageDir: mediaDir };
    await seedCatalogue(state.handle.db, { products: 6 });
    const { createAdminApi } = await import('../src/admin-app.ts');
    state.api = createAdminApi({
      db: state.handle.db,
      config: state.config,
      now: () => state.clock.now,
    });
    const [brand] = await state.handle.db.select().from(brands).orderBy(asc(brands.id)).limit(1);
    const [category] = await state.handle.db
      .select()
      .from(categories)
      .where(eq(categories.isHidden, false))
      .orderBy(asc(categories.id))
      .limit(1);
    categoryId = category!.id;
    const marketRows = await state.handle.db.select().from(markets).where(eq(markets.active, true));
    input = {
      articleNumber: 'ADM-API-1',
      alias: 'admin-testcykel',
      brandId: brand!.id,
      primaryCategoryId: category!.id,
      published: true,
      texts: [{ languageId: 'sv-SE', name: 'Admintestcykel', shortText: 'Snabb.' }],
      skus: [
        { articleNumber: 'ADM-API-1-M', size: 'M', ean: '7350000000016' },
        { articleNumber: 'ADM-API-1-L', size: 'L' },
      ],
      prices: marketRows.map((m) => ({ marketId: m.id, amount: 1_000_000, vatMode: 'exVat' })),
    };
    await addStaff(state.handle, 'admin@example.se', 'administrator');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
  }, 120_000);

  afterAll(async () => {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('refuses catalogue mutations: anonymous, API key and customer token 401, content editor 403', async () => {
    const customer = await customerSession(state.handle.db, state.config, 'kund@example.se');
    const variants: Array<Record<string, string>> = [
      {},
      { 'x-apikey': TEST_API_KEY },
      { authorization: `Bearer ${customer.token}` },
    ];
    for (const headers of variants) {
      const answer = await adminClient(state.api).send(CREATE, { input }, { headers });
      expect(answer.status).toBe(401);
      expect(codeOf(answer)).toBe('UNAUTHENTICATED');
    }
    const editor = adminClient(state.api);
    expect((await editor.login('redaktor@example.se')).status).toBe(200);
    const mutations: Array<[string, Record<string, unknown>]> = [
      [CREATE, { input }],
      [
        'mutation($i: CategoryInput!) { saveCategory(input: $i) { id } }',
        { i: { name: 'X', alias: 'x' } },
      ],
      ['mutation { saveBrand(input: { name: "X", alias: "x" }) { id } }', {}],
      [
        'mutation { setProductPrices(productId: 1, prices: [{ marketId: "SE|SEK", amount: 1 }]) { id } }',
        {},
      ],
    ];
    for (const [query, variables] of mutations) {
      const answer = await editor.send(query, variables);
      expect(answer.status, query).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
    // An editor may read the range.
    expect((await editor.send('{ adminProducts { total } }')).status).toBe(200);
  });

  it('refuses a catalogue mutation without the CSRF header', async () => {
    const admin = adminClient(state.api);
    await admin.login('admin@example.se');
    const answer = await admin.send(CREATE, { input }, { csrf: false });
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('CSRF');
    const list = await admin.send('{ adminProducts(search: "ADM-API") { total } }');
    expect(list.body.data?.adminProducts).toEqual({ total: 0 });
  });

  it('creates a product with prices excl. VAT, uploads an image, and logs every change', async () => {
    const admin = adminClient(state.api);
    await admin.login('admin@example.se');
    const created = await admin.send(CREATE, { input });
    expect(created.body.errors).toBeUndefined();
    const product = created.body.data?.createProduct as {
      id: number;
      prices: Array<{ marketId: string; priceIncVat: number; priceExVat: number; vat: number }>;
    };
    expect(product).toMatchObject({
      alias: 'admin-testcykel',
      published: true,
      skus: [
        { size: 'M', ean: '7350000000016' },
        { size: 'L', ean: null },
      ],
      images: [],
    });
    expect(product.prices.find((p) => p.marketId === 'SE|SEK')).toEqual({
      marketId: 'SE|SEK',
      priceIncVat: 1_250_000,
      priceExVat: 1_000_000,
      vat: 250_000,
    });

    const png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: '#510c76' },
    })
      .png()
      .toBuffer();
    const upload = await upload_(state.api, admin.cookie!, product.id, png, 'cykel.png');
    expect(upload.errors).toBeUndefined();
    const fileName = upload.data.uploadProductImage.images[0] as string;
    expect(fileName).toMatch(/^admin-testcykel_[0-9a-f]{12}\.webp$/);
    const shop = createApi({ db: state.handle.db, config: state.config });
    const image = await shop.fetch(
      new Request(`http://shop.local/img/product/400x400/${fileName}`),
    );
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);

    const notImage = await upload_(
      state.api,
      admin.cookie!,
      product.id,
      Buffer.from('not an image'),
      'x.png',
    );
    expect(notImage.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(notImage.errors?.[0]?.message).toMatch(/ingen bild/);

    const audit = await admin.send(
      `query($id: String) { auditLog(filter: { entityType: "product", entityId: $id }) {
        entries { action staffEmail before after } } }`,
      { id: String(product.id) },
    );
    const entries = (
      audit.body.data?.auditLog as {
        entries: Array<{ action: string; staffEmail: string; before: unknown; after: unknown }>;
      }
    ).entries;
    expect(entries.map((e) => e.action)).toEqual([
      'catalogue.product.image.add',
      'catalogue.product.create',
    ]);
    expect(entries[0]).toMatchObject({
      staffEmail: 'admin@example.se',
      before: { images: [] },
      after: { images: [fileName] },
    });
    expect(entries[1]).toMatchObject({ before: null, after: { alias: 'admin-testcykel' } });
  });

  it("serves a product's texts in the request's language where the back office has them", async () => {
    const admin = adminClient(state.api);
    await admin.login('admin@example.se');
    const created = await admin.send(CREATE, {
      input: {
        ...input,
        articleNumber: 'ADM-LANG-1',
        alias: 'sprakcykel',
        skus: [{ articleNumber: 'ADM-LANG-1-M', size: 'M' }],
        texts: [
          {
            languageId: 'sv-SE',
            name: 'Språkcykel',
            shortText: 'Snabb och lätt.',
            description: 'En lång svensk beskrivning.',
          },
          { languageId: 'nb-NO', name: 'Språksykkel', shortText: 'Rask og lett.' },
        ],
      },
    });
    expect(created.body.errors).toBeUndefined();
    const shop = createApi({ db: state.handle.db, config: state.config });
    const read = async (marketId: string, languageId: string) => {
      const response = await shop.fetch(
        new Request('http://shop.local/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
          body: JSON.stringify({
            query: `query($m: String, $l: String) {
              product(alias: "sprakcykel", marketId: $m, languageId: $l) {
                name texts { text1 text2 } meta { title description } }
              products(filter: { searchText: "Språkcykel" }, marketId: $m, languageId: $l) {
                products { name } } }`,
            variables: { m: marketId, l: languageId },
          }),
        }),
      );
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };
    expect(await read('se', 'sv-SE')).toEqual({
      product: {
        name: 'Språkcykel',
        texts: { text1: 'En lång svensk beskrivning.', text2: 'Snabb och lätt.' },
        meta: { title: 'Språkcykel', description: 'Snabb och lätt.' },
      },
      products: { products: [{ name: 'Språkcykel' }] },
    });
    // Norwegian: the translated name and short text; the description it lacks stays Swedish.
    expect(await read('no', 'nb-NO')).toEqual({
      product: {
        name: 'Språksykkel',
        texts: { text1: 'En lång svensk beskrivning.', text2: 'Rask og lett.' },
        meta: { title: 'Språksykkel', description: 'Rask og lett.' },
      },
      products: { products: [{ name: 'Språksykkel' }] },
    });
    // Danish has no translation: the default language's texts.
    expect(((await read('dk', 'da-DK')).product as { name: string }).name).toBe('Språkcykel');
  });

  it("keeps a category's old alias finding it after an alias change (301 in the shop)", async () => {
    const admin = adminClient(state.api);
    await admin.login('admin@example.se');
    const [before] = await state.handle.db
      .select()
      .from(categories)
      .where(eq(categories.id, categoryId));
    const changed = await admin.send(
      'mutation($id: Int, $i: CategoryInput!) { saveCategory(id: $id, input: $i) { id alias } }',
      {
        id: categoryId,
        i: { name: before!.name, alias: `${before!.alias}-ny`, parentId: before!.parentId },
      },
    );
    expect(changed.body.data?.saveCategory).toEqual({
      id: categoryId,
      alias: `${before!.alias}-ny`,
    });
    const shop = createApi({ db: state.handle.db, config: state.config });
    const response = await shop.fetch(
      new Request('http://shop.local/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY },
        body: JSON.stringify({
          query: 'query($a: String) { listPageInfo(alias: $a) { id canonicalUrl } }',
          variables: { a: before!.alias },
        }),
      }),
    );
    const body = (await response.json()) as {
      data: { listPageInfo: { id: number; canonicalUrl: string } };
    };
    expect(body.data.listPageInfo.id).toBe(categoryId);
    expect(body.data.listPageInfo.canonicalUrl).toMatch(new RegExp(`/${before!.alias}-ny$`));
    const audit = await admin.send(
      '{ auditLog(filter: { action: "catalogue.category.update" }) { entries { before after } } }',
    );
    expect(audit.body.data?.auditLog).toMatchObject({
      entries: [{ before: { alias: before!.alias }, after: { alias: `${before!.alias}-ny` } }],
    });
  });
});

/** Posts a GraphQL multipart request (an image upload) with the session cookie. */
async function upload_(
  api: { fetch(request: Request): Promise<Response> },
  cookie: string,
  productId: number,
  body: Buffer,
  name: string,
) {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query:
        'mutation($p: Int!, $f: File!) { uploadProductImage(productId: $p, file: $f) { images } }',
      variables: { p: productId, f: null },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.f'] }));
  form.set('0', new File([new Uint8Array(body)], name, { type: 'image/png' }));
  const response = await api.fetch(
    new Request('http://shop.local/admin/graphql', {
      method: 'POST',
      headers: { 'x-trampa-admin': '1', cookie },
      body: form,
    }),
  );
  return (await response.json()) as {
    data: { uploadProductImage: { images: string[] } };
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
}
