/**
 * Product images from the back office (issue 26): an upload is validated and resized with sharp
 * (media/product-images.ts), its files stored in the media storage, then linked to the product
 * in one transaction with its audit entry. The shop reads a product's images per request
 * (catalog.service.ts `imagesByProductIds`), so a new image shows at once.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badUserInput, ShopError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { processProductImage, storeProductImageFiles } from '../media/product-images.ts';
import { productImages, products } from './catalog.tables.ts';

/** The most images a product may have. */
export const MAX_PRODUCT_IMAGES = 30;

/** A product's image file names in display order (one statement). */
async function imageNames(db: Pick<Database, 'select'>, productId: number): Promise<string[]> {
  const rows = await db
    .select({ fileName: productImages.fileName })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.fileName));
  return rows.map((r) => r.fileName);
}

/**
 * Adds an uploaded image as the product's last image; audit `catalogue.product.image.add`.
 * The files are stored before the transaction (a failed transaction leaves unused files, never
 * a link to a missing one).
 * @returns the product's image file names after the change
 * @throws ShopError BAD_USER_INPUT for a bad image or too many images, NOT_FOUND
 */
export async function addProductImage(
  db: Database,
  storage: MediaStorage,
  productId: number,
  body: Buffer,
  actor: AuditActor,
): Promise<string[]> {
  const [product] = await db
    .select({ alias: products.alias })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new ShopError('NOT_FOUND', 'Produkten finns inte');
  const image = await processProductImage(body, product.alias);
  await storeProductImageFiles(storage, image.fileName, image.files);
  return db.transaction(async (tx) => {
    // Serialises image changes of the product (the sort order below).
    await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
    const before = await imageNames(tx, productId);
    if (before.includes(image.fileName)) throw badUserInput('Bilden finns redan', 'file');
    if (before.length >= MAX_PRODUCT_IMAGES) {
      throw badUserInput(`En produkt kan ha högst ${MAX_PRODUCT_IMAGES} bilder`, 'file');
    }
    await tx.insert(productImages).values({
      productId,
      fileName: image.fileName,
      sortOrder: before.length,
    });
    const after = [...before, image.fileName];
    await recordAudit(tx, {
      actor,
      action: 'catalogue.product.image.add',
      entityType: 'product',
      entityId: productId,
      before: { images: before },
      after: { images: after },
    });
    return after;
  });
}

/**
 * Sets the product's images to `fileNames` in that order (a subset of its images: the ones left
 * out are unlinked; their files stay, as a name may be cached); audit
 * `catalogue.product.images`.
 * @returns the image file names after the change
 * @throws ShopError BAD_USER_INPUT for a name that is not the product's, NOT_FOUND
 */
export function arrangeProductImages(
  db: Database,
  productId: number,
  fileNames: readonly string[],
  actor: AuditActor,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select 1 from ${products} where ${products.id} = ${productId} for update`,
    );
    if ((locked as unknown as { rows: unknown[] }).rows.length === 0) {
      throw new ShopError('NOT_FOUND', 'Produkten finns inte');
    }
    const before = await imageNames(tx, productId);
    const wanted = [...new Set(fileNames)];
    if (wanted.some((name) => !before.includes(name))) {
      throw badUserInput('En av bilderna hör inte till produkten', 'fileNames');
    }
    for (const name of before.filter((n) => !wanted.includes(n))) {
      await tx
        .delete(productImages)
        .where(and(eq(productImages.productId, productId), eq(productImages.fileName, name)));
    }
    for (const [sortOrder, fileName] of wanted.entries()) {
      await tx
        .update(productImages)
        .set({ sortOrder })
        .where(and(eq(productImages.productId, productId), eq(productImages.fileName, fileName)));
    }
    await recordAudit(tx, {
      actor,
      action: 'catalogue.product.images',
      entityType: 'product',
      entityId: productId,
      before: { images: before },
      after: { images: wanted },
    });
    return wanted;
  });
}
