/**
 * The audit log (issue 26): {@link recordAudit} writes an entry inside the caller's transaction
 * (the change and its entry commit or roll back together), {@link listAuditEntries} pages through
 * them, newest first, with filters.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from './audit.tables.ts';

/** The database or a transaction of it (anything Drizzle inserts with). */
type Executor = Pick<Database, 'insert' | 'select'>;

/** Who made a change and from where (null fields: unknown, or the system). */
export interface AuditActor {
  staffUserId: number | null;
  staffEmail: string | null;
  requestId?: string | null | undefined;
  ip?: string | null | undefined;
}

/** One change to record. `before`/`after` are plain JSON objects without secrets. */
export interface AuditEntryInput {
  actor: AuditActor;
  /** What was done, `<area>.<verb>`, e.g. `staff.create`, `staff.role`, `staff.deactivate`. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** When; default the database's now(). */
  at?: Date | undefined;
}

/** An entry as read back. */
export interface AuditEntry {
  id: number;
  at: Date;
  staffUserId: number | null;
  staffEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  ip: string | null;
}

/** Keys never written to an audit entry, however a caller built `before`/`after`. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'tokenHash', 'token']);

function withoutSecrets(value: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!value) return null;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_KEYS.has(key))
      .map(([key, v]) => [key, v instanceof Date ? v.toISOString() : v]),
  );
}

/**
 * Writes one audit entry with `tx`, the transaction the change runs in (one statement).
 * Password hashes and tokens are dropped from before/after.
 * @returns the entry's id
 */
export async function recordAudit(tx: Executor, entry: AuditEntryInput): Promise<number> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      ...(entry.at ? { at: entry.at } : {}),
      staffUserId: entry.actor.staffUserId,
      staffEmail: entry.actor.staffEmail,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      before: withoutSecrets(entry.before),
      after: withoutSecrets(entry.after),
      requestId: entry.actor.requestId ?? null,
      ip: entry.actor.ip ?? null,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

/** Filters of {@link listAuditEntries}; each is optional. */
export interface AuditFilter {
  /** Exact action, e.g. `staff.create`. */
  action?: string | undefined;
  /** Entries by this staff user. */
  staffUserId?: number | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  /** Entries at or after this time. */
  from?: Date | undefined;
  /** Entries before this time. */
  to?: Date | undefined;
}

/** A page of entries and how many match in all. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

/**
 * The entries matching `filter`, newest first, `take` of them after skipping `skip` (two
 * statements: the page and the count).
 */
export async function listAuditEntries(
  db: Database,
  filter: AuditFilter,
  skip: number,
  take: number,
): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.staffUserId !== undefined)
    conditions.push(eq(auditLog.staffUserId, filter.staffUserId));
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lt(auditLog.at, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const entries = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(skip)
    .limit(take);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  return { entries, total: count?.total ?? 0 };
}

/** The distinct actions in the log, sorted (for the back office's filter). One statement. */
export async function listAuditActions(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  return rows.map((row) => row.action);
}
