/**
 * Resource limits of a GraphQL request (issue 13 §18): a request is refused before it runs when
 * its text has too many tokens or brackets nested too deeply (checked by the lexer alone, before
 * the recursive parser sees it, so it cannot overflow its stack), when its document is too deep
 * (fragments flattened), has too many aliases, costs too much (GraphQL Armor's rules), or asks
 * for more than one root mutation; and a request creates at most one cart (`getCart` with an
 * empty id: GraphQLContext.claimCartCreation refuses the second with a field error). The
 * limits are far above what the Geins clients (GEINS-API §2) and our storefront's documents
 * (apps/storefront/app/graphql/operations) need: the largest has ~480 tokens, depth 8, one
 * alias, cost ~960 and one root mutation.
 *
 * Refusals are GraphQL errors with HTTP status 400, `extensions.code` QUERY_LIMIT_EXCEEDED,
 * `extensions.limit` (tokens, nesting, depth, aliases, cost, mutations or cartCreations) and
 * `extensions.max`.
 */
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql/index.js';
import type { Plugin } from 'graphql-yoga';

/** The limits (issue 13 §18). Headroom over the largest known client document in brackets. */
export const QUERY_LIMITS = {
  /** Lexical tokens of the document (~480 in cart.graphql). */
  tokens: 5_000,
  /** Brackets `{ ( [` open at once in the text (~10 in cart.graphql). */
  nesting: 40,
  /** Nesting of selection sets, fragments flattened (8 in cart.graphql). */
  depth: 15,
  /** Aliased fields in an operation (1 in list-page.graphql and start-page.graphql). */
  aliases: 15,
  /** GraphQL Armor's cost (objects 2, scalars 1, x1.5 per level; ~960 for the cart). */
  cost: 5_000,
  /** Root mutation fields in a request (the Geins clients send one, GEINS-API §2.2). */
  mutations: 1,
  /** Carts created in a request (`getCart` with an empty or unknown id creates one). */
  cartCreations: 1,
} as const;

/** Which limit refused a request (`extensions.limit`). */
export type QueryLimit = keyof typeof QUERY_LIMITS;

/** The error of a refused request: HTTP 400, code QUERY_LIMIT_EXCEEDED. */
export function queryLimitError(limit: QueryLimit, message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      code: 'QUERY_LIMIT_EXCEEDED',
      limit,
      max: QUERY_LIMITS[limit],
      // Not `spec`: HTTP 400 whatever the client accepts (Yoga keeps a spec error at 200 for
      // application/json).
      http: { spec: false, status: 400 },
    },
  });
}

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.PAREN_L, TokenKind.BRACKET_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.PAREN_R, TokenKind.BRACKET_R]);

/**
 * Counts the tokens and bracket nesting of a query text with the (non-recursive) lexer.
 * @throws GraphQLError QUERY_LIMIT_EXCEEDED (tokens or nesting); a lexical error is left to the
 *   parser to report
 */
export function checkQueryText(query: string): void {
  const lexer = new Lexer(new Source(query));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > QUERY_LIMITS.tokens) {
        throw queryLimitError('tokens', 'The query is too large.');
      }
      if (OPENING.has(token.kind) && ++nesting > QUERY_LIMITS.nesting) {
        throw queryLimitError('nesting', 'The query is nested too deeply.');
      }
      if (CLOSING.has(token.kind)) nesting--;
    }
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions.code === 'QUERY_LIMIT_EXCEEDED') {
      throw error;
    }
  }
}

/** Armor's rejection callback: reports our typed error instead of Armor's untyped one. */
function reject(limit: QueryLimit, message: string) {
  return [
    (context: ValidationContext | null) => {
      const error = queryLimitError(limit, message);
      if (!context) throw error;
      context.reportError(error);
    },
  ];
}

const armorOptions = (limit: QueryLimit, message: string) => ({
  exposeLimits: false,
  propagateOnRejection: false,
  onReject: reject(limit, message),
});

/** Root fields of a selection set, through fragment spreads and inline fragments. */
function rootFieldNames(
  selectionSet: SelectionSetNode,
  fragments: (name: string) => FragmentDefinitionNode | null | undefined,
  seen = new Set<string>(),
): string[] {
  const names: string[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      names.push(...rootFieldNames(selection.selectionSet, fragments, seen));
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments(selection.name.value);
      if (fragment) names.push(...rootFieldNames(fragment.selectionSet, fragments, seen));
    }
  }
  return names;
}

/**
 * Validation rule: at most {@link QUERY_LIMITS}.mutations root mutation fields per operation
 * (Yoga runs one operation per request; batching is off).
 */
export function rootFieldLimitRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      const names = rootFieldNames(operation.selectionSet, (name) => context.getFragment(name));
      const fields = names.filter((name) => !name.startsWith('__'));
      if (operation.operation === 'mutation' && fields.length > QUERY_LIMITS.mutations) {
        context.reportError(
          queryLimitError('mutations', 'Only one mutation per request is allowed.'),
        );
      }
    },
  };
}

/** The Yoga plugins that enforce {@link QUERY_LIMITS}. */
export function queryLimitPlugins(): Plugin[] {
  return [
    {
      // After the persisted-query plugin has put a stored text into params.query.
      onParams({ params }) {
        if (typeof params.query === 'string') checkQueryText(params.query);
      },
    },
    maxDepthPlugin({
      n: QUERY_LIMITS.depth,
      flattenFragments: true,
      ...armorOptions('depth', 'The query is nested too deeply.'),
    }) as Plugin,
    maxAliasesPlugin({
      n: QUERY_LIMITS.aliases,
      ...armorOptions('aliases', 'The query has too many aliases.'),
    }) as Plugin,
    costLimitPlugin({
      maxCost: QUERY_LIMITS.cost,
      flattenFragments: true,
      ...armorOptions('cost', 'The query is too expensive.'),
    }) as Plugin,
    {
      onValidate({ addValidationRule }) {
        addValidationRule(rootFieldLimitRule);
      },
    },
  ];
}
