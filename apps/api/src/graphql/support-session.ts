/**
 * The audit trail of support sessions (issue 41): a staff user who logs in as a customer from the
 * back office (customers/customer-admin.service.ts `startImpersonation`) gets a customer session
 * whose tokens name them (`act` claim, auth/tokens.ts). {@link useSupportSessionAudit} is the one
 * place where every shop-API mutation made with such a token is recorded in the audit log: one
 * entry per executed root field, actor the staff user, entity the customer, with the mutation's
 * name, the names (never the values) of the arguments given, and the outcome (`ok` or the error
 * code). What a support session may not do at all (erasure, password, e-mail) is refused by the
 * fields themselves (`ctx.requireAccountHolder()`, context.ts).
 */
import {
  getDirectiveValues,
  getOperationAST,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql/index.js';
import type { Plugin } from 'graphql-yoga';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';
import { bearerToken } from '../modules/customers/viewer.ts';
import { activeStaffEmail } from '../modules/staff/staff.service.ts';
import { ShopError } from '../errors.ts';
import type { GraphQLContext } from './context.ts';

/** The audit action of a mutation made through a support session. */
export const SUPPORT_MUTATION_ACTION = 'customer.support-mutation';

/** One root field of a mutation as the audit log records it. */
interface SupportMutationField {
  /** The response key (the alias, or the field name). */
  key: string;
  /** The mutation's name, e.g. `updateUser`. */
  mutation: string;
  /**
   * The arguments given, by name; for an input object also its fields one level down
   * (`user.address`). Names only: values (addresses, codes, passwords) never reach the log.
   */
  arguments: string[];
}

type Variables = Readonly<Record<string, unknown>> | null | undefined;

function included(node: FieldNode | { directives?: FieldNode['directives'] }, vars: Variables) {
  const variables = (vars ?? {}) as Record<string, unknown>;
  const skip = getDirectiveValues(GraphQLSkipDirective, node, variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, variables);
  return include?.if !== false;
}

/** The field names of an input-object value (literal or variable), or null for other values. */
function objectKeys(value: ValueNode, vars: Variables): string[] | null {
  if (value.kind === Kind.OBJECT) return value.fields.map((field) => field.name.value);
  if (value.kind !== Kind.VARIABLE) return null;
  const given = vars?.[value.name.value];
  if (given === null || given === undefined) return null;
  return typeof given === 'object' && !Array.isArray(given) ? Object.keys(given) : null;
}

function argumentNames(field: FieldNode, vars: Variables): string[] {
  const names: string[] = [];
  for (const argument of field.arguments ?? []) {
    const name = argument.name.value;
    if (argument.value.kind === Kind.NULL) continue;
    if (argument.value.kind === Kind.VARIABLE && vars?.[argument.value.name.value] == null) {
      continue;
    }
    const keys = objectKeys(argument.value, vars);
    names.push(...(keys && keys.length > 0 ? keys.map((key) => `${name}.${key}`) : [name]));
  }
  return names;
}

/**
 * The root fields a mutation executes, through inline fragments and fragment spreads, without
 * those that `@skip`/`@include` leave out.
 */
function mutationFields(
  document: DocumentNode,
  selectionSet: SelectionSetNode,
  vars: Variables,
  seen = new Set<string>(),
): SupportMutationField[] {
  const fields: SupportMutationField[] = [];
  for (const selection of selectionSet.selections) {
    if (!included(selection, vars)) continue;
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === '__typename') continue;
      fields.push({
        key: selection.alias?.value ?? selection.name.value,
        mutation: selection.name.value,
        arguments: argumentNames(selection, vars),
      });
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      fields.push(...mutationFields(document, selection.selectionSet, vars, seen));
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = document.definitions.find(
        (definition) =>
          definition.kind === Kind.FRAGMENT_DEFINITION &&
          definition.name.value === selection.name.value,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION) {
        fields.push(...mutationFields(document, fragment.selectionSet, vars, seen));
      }
    }
  }
  return fields;
}

/** `ok`, or the `extensions.code` of the error at `key` (ERROR when it has none). */
function outcomeOf(result: ExecutionResult, key: string): string {
  const error = result.errors?.find((e) => e.path?.[0] === key);
  if (!error) return 'ok';
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : 'ERROR';
}

/**
 * Yoga plugin: every mutation made with a support-session token (`Viewer.supportStaffUserId`)
 * is written to the audit log after it ran, one entry per root field: action
 * {@link SUPPORT_MUTATION_ACTION}, actor the staff user (id and e-mail) and the client's IP,
 * entity the customer, `after` `{ mutation, arguments, outcome, sessionFamilyId }`. A support
 * session of a staff user who no longer exists or was deactivated may not change anything:
 * FORBIDDEN (`extensions.reason` SUPPORT_STAFF_INACTIVE), recorded the same way. Queries and
 * the customer's own sessions pass untouched (the token's signed `act` claim is checked first,
 * no extra statement). The entries are written after the mutation's own transaction: a failing
 * audit write makes the request fail, it does not undo the change.
 */
export function useSupportSessionAudit(): Plugin<GraphQLContext> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      const ctx = args.contextValue;
      // The signed claim first (no statement): only a support-session token reads further.
      const token = bearerToken(ctx.authorization);
      const claims = token ? await verifyAccessToken(token, ctx.config.auth, ctx.now) : null;
      if (claims?.actingStaffUserId == null) return;
      const viewer = await ctx.viewer();
      const staffUserId = viewer?.supportStaffUserId ?? null;
      if (!viewer || staffUserId === null) return;
      const fields = mutationFields(args.document, operation.selectionSet, args.variableValues);
      const staffEmail = await activeStaffEmail(ctx.db, staffUserId);
      const record = async (outcome: (key: string) => string) => {
        for (const field of fields) {
          await recordAudit(ctx.db, {
            actor: { staffUserId, staffEmail, ip: ctx.clientIp ?? null },
            action: SUPPORT_MUTATION_ACTION,
            entityType: 'customer',
            entityId: viewer.customerId,
            before: null,
            after: {
              mutation: field.mutation,
              arguments: field.arguments,
              outcome: outcome(field.key),
              sessionFamilyId: viewer.familyId,
            },
            at: ctx.now,
          });
        }
      };
      if (staffEmail === null) {
        const refused = new ShopError(
          'FORBIDDEN',
          'The staff user of this support session is no longer active.',
          { reason: 'SUPPORT_STAFF_INACTIVE' },
        );
        await record(() => refused.code);
        setResultAndStopExecution({ data: null, errors: [refused] });
        return;
      }
      return {
        async onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result) return;
          await record((key) => outcomeOf(result, key));
        },
      };
    },
  };
}
