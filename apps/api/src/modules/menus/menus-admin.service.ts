/**
 * Menus in the back office (issue 27 "Moderation and content"; issue 16): every menu with its
 * items in order, and a change of one item's label, title, order or visibility, in one
 * transaction with its audit entry (before/after). Menus have no drafts: a change shows in the
 * shop once the reference data is reloaded (the admin API drops this process's copy at once).
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { menuItems, menuLocations, menus, type MenuItemKind } from './menus.tables.ts';

/** A menu item as the back office edits it. */
export interface StaffMenuItem {
  id: number;
  parentId: number | null;
  sortOrder: number;
  label: string;
  title: string | null;
  /** category, brand, page, url or text. */
  type: MenuItemKind;
  /** A page's alias or a URL (page and url items). */
  target: string | null;
  hidden: boolean;
}

/** A menu with its locations and items (parents before children, each level in order). */
export interface StaffMenu {
  id: string;
  name: string;
  title: string | null;
  locations: string[];
  items: StaffMenuItem[];
}

const itemColumns = {
  id: menuItems.id,
  menuId: menuItems.menuId,
  parentId: menuItems.parentId,
  sortOrder: menuItems.sortOrder,
  label: menuItems.label,
  title: menuItems.title,
  type: menuItems.type,
  target: menuItems.target,
  hidden: menuItems.hidden,
};

/** Every menu by name, with its locations and items in display order. Three statements. */
export async function listStaffMenus(db: Database): Promise<StaffMenu[]> {
  const [rows, locations, items] = await Promise.all([
    db.select().from(menus).orderBy(asc(menus.name)),
    db.select().from(menuLocations).orderBy(asc(menuLocations.id)),
    db.select(itemColumns).from(menuItems).orderBy(asc(menuItems.sortOrder), asc(menuItems.id)),
  ]);
  return rows.map((menu) => {
    const own = items.filter((item) => item.menuId === menu.id);
    const ordered: StaffMenuItem[] = [];
    const visit = (parentId: number | null) => {
      for (const item of own.filter((i) => i.parentId === parentId)) {
        const { menuId: _menuId, ...rest } = item;
        ordered.push(rest);
        visit(item.id);
      }
    };
    visit(null);
    return {
      id: menu.id,
      name: menu.name,
      title: menu.title,
      locations: locations.filter((l) => l.menuId === menu.id).map((l) => l.id),
      items: ordered,
    };
  });
}

/** A change of a menu item (Swedish messages for staff). */
export const menuItemChangeSchema = z.object({
  id: z.number().int().positive('Ogiltigt id.'),
  label: z.string().trim().min(1, 'Skriv en text för länken.').max(100, 'Högst 100 tecken.'),
  title: z
    .string()
    .trim()
    .max(200, 'Högst 200 tecken.')
    .nullish()
    .transform((value) => value || null),
  sortOrder: z.number().int().min(0).max(10_000),
  hidden: z.boolean(),
});

/** A parsed change. */
export type MenuItemChange = z.infer<typeof menuItemChangeSchema>;

/**
 * Changes a menu item's label, title, order and visibility in one transaction, audited as
 * `menu.item.update` with before/after.
 * @returns the item after the change
 * @throws ShopError NOT_FOUND (Swedish)
 */
export async function updateMenuItem(
  db: Database,
  change: MenuItemChange,
  actor: AuditActor,
  now: Date,
): Promise<StaffMenuItem> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(itemColumns)
      .from(menuItems)
      .where(eq(menuItems.id, change.id))
      .for('update');
    if (!before) throw swedishNotFound('Menyvalet finns inte.');
    const [after] = await tx
      .update(menuItems)
      .set({
        label: change.label,
        title: change.title,
        sortOrder: change.sortOrder,
        hidden: change.hidden,
      })
      .where(eq(menuItems.id, change.id))
      .returning(itemColumns);
    const view = (item: typeof before) => ({
      menuId: item.menuId,
      label: item.label,
      title: item.title,
      sortOrder: item.sortOrder,
      hidden: item.hidden,
    });
    await recordAudit(tx, {
      actor,
      action: 'menu.item.update',
      entityType: 'menu_item',
      entityId: change.id,
      before: view(before),
      after: view(after!),
      at: now,
    });
    const { menuId: _menuId, ...item } = after!;
    return item;
  });
}
