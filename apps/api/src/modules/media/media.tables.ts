/**
 * Uploaded image files (ADR 001: server state lives in PostgreSQL only, so every instance serves
 * the same images). A product image's `product_images.file_name` names a row here; the shop
 * serves it at `/img/product/{folder}/{fileName}` (GEINS-API §1 image URLs, ralph's
 * `IMAGE_SERVER` = `{shop}/img`). The seed stores its generated demo images here; a shop stores
 * its product photographs.
 */
import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** `bytea` as a Node Buffer (pg returns a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** One stored image file: its bytes and media type, addressed by its bare file name. */
export const imageFiles = pgTable('image_files', {
  /** The bare file name (no folder), e.g. `elcykel_svart_1042_1.svg`. */
  fileName: text().primaryKey(),
  /** The media type sent as Content-Type, e.g. `image/svg+xml` or `image/jpeg`. */
  contentType: text().notNull(),
  body: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
