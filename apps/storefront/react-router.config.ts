import type { Config } from '@react-router/dev/config';

/** React Router framework settings: server rendering of every route, app code in `app/`. */
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
