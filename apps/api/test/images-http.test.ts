/**
 * The image route (GET /img/product/{folder}/{fileName}, modules/media/media.http.ts): it serves
 * the stored image files (the seed stores its drawn images as such) with their media type and the
 * immutable cache, 404 for a file that is not stored or a path that is not an image path. On
 * every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../src/app.ts';
import type { DbHandle } from '../src/db/client.ts';
import { productImages } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { storeImages } from '../src/modules/media/media.service.ts';
import { testConfig } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe.each(testDatabaseKinds())('the image route on %s', (kind) => {
  let handle: DbHandle;
  let api: Api;
  const get = (path: string, method = 'GET') =>
    api.fetch(new Request(`http://shop.test${path}`, { method }));

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 6 });
    api = createApi({ db: handle.db, config: testConfig() });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('serves every seeded product image as the stored SVG in every size folder', async () => {
    const images = await handle.db.select({ fileName: productImages.fileName }).from(productImages);
    expect(images.length).toBeGreaterThan(5);
    for (const { fileName } of images) {
      const response = await get(`/img/product/400x400/${encodeURIComponent(fileName)}`);
      expect(response.status, fileName).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    const name = encodeURIComponent(images[0]!.fileName);
    const sizes = await Promise.all(
      ['100f125', 'raw'].map(async (folder) =>
        (await get(`/img/product/${folder}/${name}`)).text(),
      ),
    );
    expect(sizes[0]).toBe(sizes[1]);
  });

  it("serves the seeded widget images under /img/pagewidget/ (the start page's banners)", async () => {
    const response = await get('/img/pagewidget/raw/kampanj-elcykel.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await response.text()).toMatch(/^<svg /);
    expect((await get('/img/pagewidget/raw/finns-inte.svg')).status).toBe(404);
    // ralph asks its page-widget widths (config/image-sizes.csv: 100w … 4000w).
    for (const folder of ['1500w', '700w']) {
      const sized = await get(`/img/pagewidget/${folder}/kampanj-elcykel.svg`);
      expect(sized.status).toBe(200);
      expect(await sized.text()).toMatch(/^<svg /);
    }
    expect((await get('/img/pagewidget/15000w/kampanj-elcykel.svg')).status).toBe(404);
  });

  it('serves an uploaded file byte for byte with its media type; HEAD without a body', async () => {
    await storeImages(handle.db, [
      { fileName: 'hjalm foto 1.png', contentType: 'image/png', body: PNG },
    ]);
    const response = await get('/img/product/raw/hjalm%20foto%201.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    const head = await get('/img/product/raw/hjalm%20foto%201.png', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
    expect(await head.text()).toBe('');
  });

  it('answers 404 for a file that is not stored, even one the seed could draw', async () => {
    for (const path of [
      '/img/product/400x400/elcykel_svart_999999_1.svg',
      '/img/product/400x400/nothing.png',
      '/img/product/huge/hjalm%20foto%201.png',
      '/img/product/400x400/..%2Fhjalm%20foto%201.png',
      '/img/product/raw',
      '/img/other/raw/hjalm%20foto%201.png',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('Not found');
    }
  });

  it('refuses other methods with 405', async () => {
    const response = await get('/img/product/raw/hjalm%20foto%201.png', 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
