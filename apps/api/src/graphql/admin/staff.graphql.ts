/**
 * Back-office access and staff management on the admin API (issue 26 "Access"): login, logout,
 * activeAdministrator, backOfficeSetup, roles, staffUsers, createStaffUser, changeStaffRole,
 * deactivateStaffUser. Inputs are parsed with zod; the services run each change in one
 * transaction with its audit entry.
 */
import { z } from 'zod';
import { badUserInput } from '../../errors.ts';
import {
  permissionsOf,
  STAFF_AREAS,
  STAFF_ROLE_NAMES,
  STAFF_ROLES,
  type StaffRole,
} from '../../modules/staff/roles.ts';
import {
  loginStaff,
  logoutStaff,
  SESSION_MAX_SECONDS,
} from '../../modules/staff/staff-sessions.ts';
import { totpSealingKey } from '../../modules/staff/staff-two-factor.ts';
import {
  changeStaffRole,
  countStaffUsers,
  createStaffUser,
  deactivateStaffUser,
  listStaffUsers,
  type StaffUser,
} from '../../modules/staff/staff.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf, sessionCookie } from './context.ts';
import { requireSession, requireStaff } from './guard.ts';

/**
 * The input parsed with `schema`, or BAD_USER_INPUT naming the first bad argument.
 * @throws ShopError BAD_USER_INPUT
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const argument = issue.path.map(String).join('.');
  throw badUserInput(`${argument || 'input'}: ${issue.message}`, argument || undefined);
}

const StaffRoleEnum = adminBuilder.enumType('StaffRole', {
  description:
    'A back-office role: administrator, butikschef (store manager), kundtjanst (customer ' +
    'service), innehallsredaktor (content editor).',
  values: STAFF_ROLES,
});

const StaffUserType = adminBuilder.objectRef<StaffUser>('StaffUser').implement({
  description: 'A back-office staff user (never its password).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    email: t.exposeString('email'),
    role: t.field({ type: StaffRoleEnum, resolve: (user) => user.role }),
    roleName: t.string({
      description: 'The role in Swedish, e.g. "Kundtjänst".',
      resolve: (user) => STAFF_ROLE_NAMES[user.role],
    }),
    active: t.exposeBoolean('active'),
    twoFactorEnabled: t.exposeBoolean('twoFactorEnabled', {
      description: 'Whether login needs a code of an authenticator app too (TOTP).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

/** The logged-in staff user as `activeAdministrator` resolves it. */
export interface Administrator {
  id: number;
  email: string;
  role: StaffRole;
}

export const ActiveAdministratorType = adminBuilder
  .objectRef<Administrator>('ActiveAdministrator')
  .implement({
    description: 'The logged-in staff user and what the role may do.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      email: t.exposeString('email'),
      role: t.field({ type: StaffRoleEnum, resolve: (a) => a.role }),
      roleName: t.string({ resolve: (a) => STAFF_ROLE_NAMES[a.role] }),
      permissions: t.stringList({
        description: 'The permissions as `area:level` (`staff:write`, `audit:read`, …).',
        resolve: (a) => permissionsOf(a.role),
      }),
    }),
  });

interface RoleInfo {
  code: StaffRole;
}
const RoleType = adminBuilder.objectRef<RoleInfo>('StaffRoleInfo').implement({
  description: 'A role, its Swedish name and its permissions (the roles table, ADR 015).',
  fields: (t) => ({
    code: t.field({ type: StaffRoleEnum, resolve: (r) => r.code }),
    name: t.string({ resolve: (r) => STAFF_ROLE_NAMES[r.code] }),
    permissions: t.stringList({ resolve: (r) => permissionsOf(r.code) }),
  }),
});

const SetupType = adminBuilder.objectRef<{ hasStaffUsers: boolean }>('BackOfficeSetup').implement({
  description: 'Whether the back office has been set up (answered without a session).',
  fields: (t) => ({ hasStaffUsers: t.exposeBoolean('hasStaffUsers') }),
});

const emailSchema = z.string().trim().email('must be an e-mail address').max(254);
const roleSchema = z.enum(STAFF_ROLES);
const idSchema = z.number().int().positive();

adminBuilder.queryFields((t) => ({
  backOfficeSetup: t.field({
    type: SetupType,
    description: 'Whether any staff user exists (the login page explains how to create one).',
    resolve: async (_root, _args, ctx) => ({ hasStaffUsers: (await countStaffUsers(ctx.db)) > 0 }),
  }),
  activeAdministrator: t.field({
    type: ActiveAdministratorType,
    nullable: true,
    description: 'The logged-in staff user, null without a live session.',
    resolve: (_root, _args, ctx) =>
      ctx.staff
        ? { id: ctx.staff.id, email: ctx.staff.email, role: ctx.staff.role as StaffRole }
        : null,
  }),
  roles: t.field({
    type: [RoleType],
    description: 'Every role with its permissions (needs a session).',
    resolve: (_root, _args, ctx) => {
      requireSession(ctx);
      return STAFF_ROLES.map((code) => ({ code }));
    },
  }),
  permissionAreas: t.stringList({
    description: 'The areas permissions are about.',
    resolve: (_root, _args, ctx) => {
      requireSession(ctx);
      return [...STAFF_AREAS];
    },
  }),
  staffUsers: t.field({
    type: [StaffUserType],
    description: 'Every staff user by e-mail (administrators: staff:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'staff', 'read');
      return listStaffUsers(ctx.db);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  login: t.field({
    type: StaffUserType,
    description:
      'Logs in and sets the `trampa-admin-session` cookie (HttpOnly, SameSite=Strict, ' +
      'Path=/admin; 8 h idle, 24 h at most). Errors: UNAUTHENTICATED (wrong e-mail or password, ' +
      'also for an unknown or inactive one; or a wrong or used code), TWO_FACTOR_REQUIRED (the ' +
      'password is right; send it again with `code`), RATE_LIMITED (`retryAfter` seconds). ' +
      'Every call counts towards the limits.',
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      code: t.arg.string({
        description:
          'The 6-digit code of the authenticator app, for a user with two-factor login on.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const input = parseInput(
        z.object({
          email: emailSchema,
          password: z.string().min(1).max(1024),
          code: z.string().max(20).nullish(),
        }),
        args,
      );
      const login = await loginStaff(ctx.db, {
        email: input.email,
        password: input.password,
        code: input.code ?? undefined,
        totpKey: totpSealingKey(ctx.config.auth.jwtSecret),
        ip: ctx.clientIp,
        requestId: ctx.requestId,
        now: ctx.now,
        logN: ctx.config.auth.scryptLogN,
      });
      ctx.setCookie(sessionCookie(login.token, SESSION_MAX_SECONDS, ctx.secureCookies));
      return login.user;
    },
  }),
  logout: t.boolean({
    description: 'Ends the session and clears its cookie. UNAUTHENTICATED without a session.',
    resolve: async (_root, _args, ctx) => {
      const staff = requireSession(ctx);
      await logoutStaff(ctx.db, staff, actorOf(ctx));
      ctx.setCookie(sessionCookie(null, 0, ctx.secureCookies));
      return true;
    },
  }),
  createStaffUser: t.field({
    type: StaffUserType,
    description:
      'Creates a staff user (staff:write). The password needs at least 12 characters. ' +
      'BAD_USER_INPUT for a taken e-mail.',
    args: {
      email: t.arg.string({ required: true }),
      role: t.arg({ type: StaffRoleEnum, required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'staff', 'write');
      const input = parseInput(
        z.object({ email: emailSchema, role: roleSchema, password: z.string().max(1024) }),
        args,
      );
      return createStaffUser(ctx.db, input, actorOf(ctx), ctx.config.auth.scryptLogN);
    },
  }),
  changeStaffRole: t.field({
    type: StaffUserType,
    description:
      'Gives a staff user another role (staff:write). BAD_USER_INPUT when it would leave no ' +
      'active administrator; NOT_FOUND for an unknown id.',
    args: {
      id: t.arg.int({ required: true }),
      role: t.arg({ type: StaffRoleEnum, required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'staff', 'write');
      const input = parseInput(z.object({ id: idSchema, role: roleSchema }), args);
      return changeStaffRole(ctx.db, input.id, input.role, actorOf(ctx), ctx.now);
    },
  }),
  deactivateStaffUser: t.field({
    type: StaffUserType,
    description:
      'Deactivates a staff user and ends its sessions (staff:write). BAD_USER_INPUT for ' +
      'yourself or the last active administrator.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'staff', 'write');
      const input = parseInput(z.object({ id: idSchema }), args);
      return deactivateStaffUser(ctx.db, input.id, actorOf(ctx), ctx.now);
    },
  }),
}));
