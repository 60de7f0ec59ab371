import type { Config } from '@react-router/dev/config';

/**
 * React Router framework settings: server rendering of every route, app code in `app/`.
 *
 * `routeDiscovery: 'initial'`: the browser gets the whole route manifest (about 2.5 KiB gzip) as
 * a module with the page, instead of React Router's default "lazy" discovery, which after
 * hydration asks `/__manifest` for the routes of every link on the page and patches them in (a
 * request and about 12 ms of main-thread work on a mid-range phone per page load; issue 23).
 */
export default {
  appDirectory: 'app',
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
