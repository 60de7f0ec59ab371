/**
 * Import rules (issue 22 "Layers one way"; docs/architecture.md "Layers"). Run by `npm run lint`
 * as `depcruise apps scripts bench`; a violation fails the lint.
 *
 * - no cycles anywhere (type-only imports count);
 * - API: services and the rest of the API never import the GraphQL layer
 *   (`apps/api/src/graphql/**`, `*.graphql.ts`); only `*.graphql.ts`, the GraphQL layer itself,
 *   `app.ts` (which assembles the schema) and tests may;
 * - API: a module reads another module's tables only through that module's service functions,
 *   except the reads in TABLE_READS below (documented there, each with its reason);
 * - storefront: reaches the API only through the `@trampa/api` package and its `exports`
 *   (apps/api/package.json), never by a relative path into `apps/api/src`;
 * - storefront: routes import features and components, never the other way round.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */

const API = '^apps/api/src/';
const GRAPHQL_LAYER = '^apps/api/src/graphql/|[.]graphql[.]ts$';
const TESTS = '[.]test[.]ts$|^apps/api/test/|^apps/storefront/tests/';

/**
 * The allowed reads of another module's `*.tables.ts` outside `*.tables.ts` files (foreign keys
 * between table files are always allowed). Each is a join inside one SQL statement over rows the
 * other module owns, where a service call would cost a statement per list or page:
 * - search builds and queries its index from catalogue rows (search.service, search-text);
 * - catalog lists and the facet/price postings join prices (pricing) and stock (inventory) and
 *   write the search module's postings tables in the same build transaction;
 * - inventory, shipping, cart and orders join the product rows (catalog) they check stock,
 *   weight and names against.
 * New code calls the owning module's service; extend this list only with a reason.
 */
const TABLE_READS = [
  ['search/search[.]service[.]ts$', 'catalog'],
  ['search/search-text[.]ts$', 'catalog'],
  ['catalog/generic-lists[.]ts$', 'inventory|pricing'],
  ['catalog/product-list[^/]*[.]ts$', 'pricing'],
  ['catalog/facet-postings[^/]*[.]ts$', 'pricing|search'],
  // The list engine's statement builders (split out of product-list.service.ts, issue 22).
  ['catalog/(postings-statements|list-conditions|facet-statement)[.]ts$', 'pricing|search'],
  ['inventory/inventory[.]service[.]ts$', 'catalog'],
  ['shipping/shipping[.]service[.]ts$', 'catalog|inventory'],
  // Click and collect (issue 40 §6): a cart line names the store (inventory's `stores`) whose
  // shelf it is reserved from, read with the line in one statement.
  ['cart/cart[^/]*[.]ts$', 'catalog|inventory'],
  ['orders/order-cart[.]ts$', 'catalog'],
  // Guest buyers (issue 40 §5) are order e-mails without an account: the search lists them in
  // one statement with a `not exists` over the customers' addresses.
  ['orders/guest-orders[.]service[.]ts$', 'customers'],
  // Engagement (issue 17): the restock scan joins stock and product rows in one statement per
  // run; reviews join the product (alias) and the customer's order lines ("Verifierat köp");
  // the newsletter keeps customers.newsletter in step with the subscription in its transaction.
  ['engagement/availability[.]service[.]ts$', 'catalog|inventory'],
  ['engagement/reviews[.]service[.]ts$', 'catalog|orders'],
  ['engagement/newsletter[.]service[.]ts$', 'customers'],
  // Back office (issue 26): the stock page finds SKUs by article number, EAN or product name and
  // reads the row it adjusts in one statement joined with the product rows, as inventory.service.
  // The dashboard's low stock (issue 27) lists the SKUs of active products the same way.
  ['inventory/(stock-(search|admin)|low-stock)[.]service[.]ts$', 'catalog'],
  // CSV import and export (issue 26) move whole catalogues: one multi-row statement per table
  // (10 000 products in `npm run bench -- --only csv-import`) inside the import's one
  // transaction. Every row is validated with the product editor's schema, amounts go through
  // pricing's incVatOf and the price log's recordPriceChanges, changed products through
  // saveProductInTransaction and stock through adjustStockIn; only new rows are bulk-inserted.
  ['catalog-csv/csv-[^/]*[.]ts$', 'catalog|inventory|pricing|audit'],
  // Moderation in the back office (issue 27): the förmånscykel list joins each application's
  // order (number, status, e-mail, name, value) and the back-in-stock list each request's SKU
  // and product, one statement per page instead of a look-up per row.
  ['leasing/leasing-admin[.]service[.]ts$', 'orders'],
  ['engagement/subscribers[.]service[.]ts$', 'catalog'],
  // Parcel bookings (issue 43, ADR 020 §5): "Skicka med nShift" locks the order row in the
  // transaction that writes the booking and its job, and the back office lists each booking
  // with its job's state (a job that gave up shows the booking failed) in one statement; the
  // booking job reads the order, its lines and their SKUs' weights for the parcel.
  ['shipping/booking[.]service[.]ts$', 'orders|jobs'],
  ['shipping/booking[.]run[.]ts$', 'orders|catalog'],
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles (issue 22).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-not-graphql',
      comment:
        'Services and the rest of the API never import the GraphQL layer; move shared plain data ' +
        'into the module (e.g. modules/customers/address.ts) and let the GraphQL layer import it.',
      severity: 'error',
      from: {
        path: API,
        pathNot: [GRAPHQL_LAYER, '^apps/api/src/(app|admin-app|admin-documents)[.]ts$', TESTS],
      },
      to: { path: GRAPHQL_LAYER },
    },
    {
      name: 'own-tables-only',
      comment:
        "A module reads another module's tables through that module's service functions " +
        '(allowed exceptions: TABLE_READS in .dependency-cruiser.cjs).',
      severity: 'error',
      from: {
        path: '^apps/api/src/modules/([^/]+)/',
        pathNot: ['[.]tables[.]ts$', TESTS, ...TABLE_READS.map(([file]) => `modules/${file}`)],
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/[^/]+[.]tables[.]ts$',
        pathNot: '^apps/api/src/modules/$1/',
      },
    },
    ...TABLE_READS.map(([file, owners], index) => ({
      name: `table-reads-${index}`,
      comment: `modules/${file} may read only the tables of ${owners} besides its own.`,
      severity: 'error',
      from: {
        path: `^apps/api/src/modules/([^/]+)/${file.replace(/^[^/]+\//, '')}`,
        pathNot: '[.]tables[.]ts$',
      },
      to: {
        path: '^apps/api/src/modules/[^/]+/[^/]+[.]tables[.]ts$',
        pathNot: [`^apps/api/src/modules/$1/`, `^apps/api/src/modules/(${owners})/`],
      },
    })),
    {
      name: 'storefront-via-api-package',
      comment:
        'The storefront reaches the API only through @trampa/api and its exports ' +
        '(apps/api/package.json), never by a relative path into apps/api/src.',
      severity: 'error',
      from: { path: '^apps/storefront/' },
      to: { path: '^apps/api/src/', dependencyTypes: ['local'] },
    },
    {
      name: 'routes-on-top',
      comment: 'Routes import features and components, never the other way round.',
      severity: 'error',
      from: { path: '^apps/storefront/app/', pathNot: ['^apps/storefront/app/routes/', TESTS] },
      to: { path: '^apps/storefront/app/routes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '[.]react-router/', '/build/', '/dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
