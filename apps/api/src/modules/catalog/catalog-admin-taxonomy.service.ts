/**
 * Categories and brands from the back office (issue 26 "Categories and brands: tree, order,
 * aliases"): create and change them, each in one transaction with its audit entry. An alias
 * change keeps the old alias in `alias_history`, so the old URL answers 301 to the new one
 * (catalog.service.ts and list-pages.service.ts look old aliases up). Writes to `categories` and
 * `brands` raise the catalogue version by trigger (list-cache.ts); the category tree that the
 * shop API caches per process (graphql/reference-data.ts) is dropped by the caller.
 */
import { staffInputError, staffNotFound } from './catalog-admin.input.ts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import {
  brandInputSchema,
  categoryInputSchema,
  type BrandInput,
  type CategoryInput,
} from './catalog-admin.input.ts';
import {
  lockCatalogueIds,
  nextCatalogueId,
  parseCatalogueInput,
  rememberAlias,
  type CatalogueTx,
} from './catalog-admin-tx.ts';
import { brands, categories } from './catalog.tables.ts';
import type { BrandRecord, CategoryRecord } from './catalog.service.ts';

/** A category as the back office shows it (`parentId` null for a root). */
export interface AdminCategory {
  id: number;
  parentId: number | null;
  name: string;
  alias: string;
  sortOrder: number;
  description: string;
  hidden: boolean;
}

/** A brand as the back office shows it. */
export interface AdminBrand {
  id: number;
  name: string;
  alias: string;
  description: string;
}

function toAdminCategory(row: CategoryRecord): AdminCategory {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    alias: row.alias,
    sortOrder: row.sortOrder,
    description: row.description,
    hidden: row.isHidden,
  };
}

function toAdminBrand(row: BrandRecord): AdminBrand {
  return { id: row.id, name: row.name, alias: row.alias, description: row.description };
}

/** Every category in tree order's raw form: by parent, sort order, id (one statement). */
export async function listAdminCategories(db: Database): Promise<AdminCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map(toAdminCategory);
}

/** Every brand by name (one statement). */
export async function listAdminBrands(db: Database): Promise<AdminBrand[]> {
  const rows = await db.select().from(brands).orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toAdminBrand);
}

/** Throws BAD_USER_INPUT when `parentId` is unknown or would put the category under itself. */
async function checkParent(tx: CatalogueTx, id: number | null, parentId: number | null) {
  if (parentId === null) return;
  const rows = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories);
  const parents = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!parents.has(parentId)) throw staffInputError('Överkategorin finns inte', 'parentId');
  const seen = new Set<number>();
  for (let at: number | null = parentId; at !== null; at = parents.get(at) ?? null) {
    if (at === id || seen.has(at)) {
      throw staffInputError('En kategori kan inte ligga under sig själv', 'parentId');
    }
    seen.add(at);
  }
}

/**
 * Creates (`id` null) or changes category `id`: name, alias, parent (tree), sort order among its
 * siblings, description and visibility; audit `catalogue.category.create|update`.
 * @throws ShopError BAD_USER_INPUT (taken alias, unknown parent, a cycle), NOT_FOUND
 */
export function saveCategory(
  db: Database,
  id: number | null,
  input: CategoryInput,
  actor: AuditActor,
): Promise<AdminCategory> {
  const parsed = parseCatalogueInput(categoryInputSchema, input);
  return db.transaction(async (tx) => {
    const [before] =
      id === null ? [undefined] : await tx.select().from(categories).where(eq(categories.id, id));
    if (id !== null && !before) throw staffNotFound('Kategorin finns inte');
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(sql`lower(${categories.alias})`, parsed.alias),
          id === null ? sql`true` : ne(categories.id, id),
        ),
      );
    if (taken) throw staffInputError('Aliaset används redan av en annan kategori', 'alias');
    await checkParent(tx, id, parsed.parentId);
    const values = {
      name: parsed.name,
      alias: parsed.alias,
      parentId: parsed.parentId,
      sortOrder: parsed.sortOrder,
      description: parsed.description,
      isHidden: parsed.hidden,
    };
    let row: CategoryRecord;
    if (id === null) {
      await lockCatalogueIds(tx);
      const newId = await nextCatalogueId(tx, categories);
      [row] = (await tx
        .insert(categories)
        .values({ id: newId, ...values })
        .returning()) as [CategoryRecord];
    } else {
      [row] = (await tx
        .update(categories)
        .set(values)
        .where(eq(categories.id, id))
        .returning()) as [CategoryRecord];
    }
    await rememberAlias(tx, 'category', row.id, before?.alias ?? null, row.alias);
    const after = toAdminCategory(row);
    await recordAudit(tx, {
      actor,
      action: id === null ? 'catalogue.category.create' : 'catalogue.category.update',
      entityType: 'category',
      entityId: row.id,
      before: before ? { ...toAdminCategory(before) } : null,
      after: { ...after },
    });
    return after;
  });
}

/**
 * Creates (`id` null) or changes brand `id`; audit `catalogue.brand.create|update`.
 * @throws ShopError BAD_USER_INPUT (taken alias), NOT_FOUND
 */
export function saveBrand(
  db: Database,
  id: number | null,
  input: BrandInput,
  actor: AuditActor,
): Promise<AdminBrand> {
  const parsed = parseCatalogueInput(brandInputSchema, input);
  return db.transaction(async (tx) => {
    const [before] =
      id === null ? [undefined] : await tx.select().from(brands).where(eq(brands.id, id));
    if (id !== null && !before) throw staffNotFound('Varumärket finns inte');
    const [taken] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(
        and(
          eq(sql`lower(${brands.alias})`, parsed.alias),
          id === null ? sql`true` : ne(brands.id, id),
        ),
      );
    if (taken) throw staffInputError('Aliaset används redan av ett annat varumärke', 'alias');
    let row: BrandRecord;
    if (id === null) {
      await lockCatalogueIds(tx);
      const newId = await nextCatalogueId(tx, brands);
      [row] = (await tx
        .insert(brands)
        .values({ id: newId, ...parsed })
        .returning()) as [BrandRecord];
    } else {
      [row] = (await tx.update(brands).set(parsed).where(eq(brands.id, id)).returning()) as [
        BrandRecord,
      ];
    }
    await rememberAlias(tx, 'brand', row.id, before?.alias ?? null, row.alias);
    const after = toAdminBrand(row);
    await recordAudit(tx, {
      actor,
      action: id === null ? 'catalogue.brand.create' : 'catalogue.brand.update',
      entityType: 'brand',
      entityId: row.id,
      before: before ? { ...toAdminBrand(before) } : null,
      after: { ...after },
    });
    return after;
  });
}
