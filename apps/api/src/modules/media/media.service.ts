/**
 * Stored (uploaded) image files: read one by name for the image route, store many (the seed,
 * an import). No drawing, no file system: the bytes are what was stored.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { imageFiles } from './media.tables.ts';

/** A stored image: its bytes and media type. */
export interface StoredImage {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The stored image named `fileName` (bare name, no folder), or null when there is none. */
export async function findStoredImage(db: Database, fileName: string): Promise<StoredImage | null> {
  const [row] = await db
    .select({
      fileName: imageFiles.fileName,
      contentType: imageFiles.contentType,
      body: imageFiles.body,
    })
    .from(imageFiles)
    .where(eq(imageFiles.fileName, fileName))
    .limit(1);
  return row ?? null;
}

/** Rows per INSERT: bodies are a few KB each, so a statement stays around a megabyte. */
const IMAGES_PER_STATEMENT = 200;

/**
 * Stores image files, replacing a stored file of the same name (its bytes and media type).
 * Run it inside the caller's transaction when it belongs with other writes (the seed does).
 */
export async function storeImages(db: Database, images: readonly StoredImage[]): Promise<void> {
  for (let start = 0; start < images.length; start += IMAGES_PER_STATEMENT) {
    const chunk = images.slice(start, start + IMAGES_PER_STATEMENT);
    await db
      .insert(imageFiles)
      .values(chunk.map(({ fileName, contentType, body }) => ({ fileName, contentType, body })))
      .onConflictDoUpdate({
        target: imageFiles.fileName,
        set: { contentType: sql`excluded.content_type`, body: sql`excluded.body` },
      });
  }
}
