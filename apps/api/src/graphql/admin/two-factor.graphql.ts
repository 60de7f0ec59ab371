/**
 * Two-factor login for staff on the admin API (issue 26 "optional TOTP two-factor"; ADR 017):
 * `ActiveAdministrator.twoFactorEnabled`, `startTwoFactorSetup`, `confirmTwoFactorSetup` and
 * `disableTwoFactor` for one's own account (any role), `resetStaffTwoFactor` for administrators
 * (staff:write). The rules live in modules/staff/staff-two-factor.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  resetStaffTwoFactor,
  startTwoFactorSetup,
  totpSealingKey,
  type TwoFactorSetup,
} from '../../modules/staff/staff-two-factor.ts';
import { staffUsers } from '../../modules/staff/staff.tables.ts';
import { adminBuilder } from './builder.ts';
import { actorOf, type AdminContext } from './context.ts';
import { requireSession, requireStaff } from './guard.ts';
import { ActiveAdministratorType } from './staff.graphql.ts';
import { parseInput } from './staff.graphql.ts';

const codeSchema = z.object({ code: z.string().trim().min(1).max(20) });

function keyOf(ctx: AdminContext): Buffer {
  return totpSealingKey(ctx.config.auth.jwtSecret);
}

const TwoFactorSetupType = adminBuilder.objectRef<TwoFactorSetup>('TwoFactorSetup').implement({
  description:
    'What an authenticator app needs to start making codes. Shown once; confirm with a code.',
  fields: (t) => ({
    secret: t.exposeString('secret', {
      description: 'The base32 secret, for apps that cannot scan (type it in).',
    }),
    uri: t.exposeString('uri', { description: 'The otpauth://totp/… URI in the QR code.' }),
    qrSvg: t.exposeString('qrSvg', { description: 'The QR code of `uri` as an SVG document.' }),
  }),
});

adminBuilder.objectField(ActiveAdministratorType, 'twoFactorEnabled', (t) =>
  t.boolean({
    description: 'Whether login needs a code of an authenticator app too. One statement.',
    resolve: async (admin, _args, ctx) => {
      const [row] = await ctx.db
        .select({ on: sql<boolean>`(${staffUsers.totpSecret} is not null)`.mapWith(Boolean) })
        .from(staffUsers)
        .where(eq(staffUsers.id, admin.id));
      return row?.on ?? false;
    },
  }),
);

adminBuilder.mutationFields((t) => ({
  startTwoFactorSetup: t.field({
    type: TwoFactorSetupType,
    description:
      'Makes a new TOTP secret for the logged-in user, pending until confirmed (any role). ' +
      'BAD_USER_INPUT (Swedish) when two-factor login is already on.',
    resolve: (_root, _args, ctx) => {
      const staff = requireSession(ctx);
      return startTwoFactorSetup(ctx.db, staff, keyOf(ctx));
    },
  }),
  confirmTwoFactorSetup: t.boolean({
    description:
      'Turns two-factor login on when `code` is a current code of the pending secret. ' +
      'BAD_USER_INPUT (Swedish, argument `code`) for a wrong code or nothing pending.',
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const staff = requireSession(ctx);
      const { code } = parseInput(codeSchema, args);
      await confirmTwoFactorSetup(ctx.db, staff.id, code, keyOf(ctx), ctx.now, actorOf(ctx));
      return true;
    },
  }),
  disableTwoFactor: t.boolean({
    description:
      "Turns the logged-in user's two-factor login off; needs a current code. BAD_USER_INPUT " +
      '(Swedish) when it is off or the code is wrong.',
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const staff = requireSession(ctx);
      const { code } = parseInput(codeSchema, args);
      await disableTwoFactor(ctx.db, staff.id, code, keyOf(ctx), ctx.now, actorOf(ctx));
      return true;
    },
  }),
  resetStaffTwoFactor: t.boolean({
    description:
      "Turns another staff user's two-factor login off, e.g. after a lost phone (staff:write). " +
      'NOT_FOUND for an unknown id.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'staff', 'write');
      const { id } = parseInput(z.object({ id: z.number().int().positive() }), args);
      await resetStaffTwoFactor(ctx.db, id, actorOf(ctx), ctx.now);
      return true;
    },
  }),
}));
