/**
 * `npx tsx bench/locale-routing.ts`: the cost of the storefront's per-request market and locale
 * decision (issue 4, apps/storefront/app/routing/locale-routing.ts) in microseconds per request,
 * for the default settings, market-in-path and a prefix strategy with Accept-Language detection.
 * The market directory it reads is cached by the server (one `channel` query a minute), so this
 * is the whole per-request overhead of the routing layer besides Express. Prints figures only.
 */
import { performance } from 'node:perf_hooks';
import { DIRECTORY } from '../apps/storefront/app/market/market-fixture.ts';
import {
  DEFAULT_ROUTING,
  routeRequest,
  type RoutingInput,
  type RoutingSettings,
} from '../apps/storefront/app/routing/locale-routing.ts';

const cases: Array<[string, RoutingSettings, RoutingInput]> = [
  [
    'no_prefix, /c/cyklar, market cookie',
    DEFAULT_ROUTING,
    {
      pathname: '/c/cyklar',
      search: '',
      marketCookie: 'no',
    },
  ],
  [
    'market-in-path, /no/nb/c/cyklar',
    { ...DEFAULT_ROUTING, marketInPath: true },
    {
      pathname: '/no/nb/c/cyklar',
      search: '',
    },
  ],
  [
    'prefix_except_default, /, Accept-Language',
    {
      ...DEFAULT_ROUTING,
      localePrefix: 'prefix_except_default',
    },
    { pathname: '/', search: '', acceptLanguage: 'da-DK,da;q=0.9,en;q=0.8' },
  ],
];

const ROUNDS = 200_000;
for (const [name, settings, input] of cases) {
  for (let i = 0; i < 10_000; i += 1) routeRequest(settings, DIRECTORY, input);
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) routeRequest(settings, DIRECTORY, input);
  const micros = ((performance.now() - start) * 1000) / ROUNDS;
  console.log(`${name.padEnd(45)} ${micros.toFixed(2)} µs per request`);
}
