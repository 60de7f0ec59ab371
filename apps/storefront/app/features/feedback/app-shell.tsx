/**
 * The shell's feedback around every page (issue 19; SPEC §4): the snackbar, the loading bar,
 * the online/offline status, the service worker (features/pwa) and the chunk-reload guard.
 * Mounted once in the root, inside the router.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { t } from '../../i18n/i18n';
import { ServiceWorker } from '../pwa/service-worker';
import { installChunkReloadGuard } from './chunk-reload';
import { LoadingBar } from './loading-bar';
import { notify } from './notifications';
import { OnlineStatus } from './online-status';
import { Snackbar } from './snackbar';

/** React Router's router as framework mode's HydratedRouter exposes it (the part read here). */
interface ExposedRouter {
  state: { navigation: { state: string } };
}

/**
 * Whether the router is navigating right now. Its state changes before React renders it (React
 * Router renders state updates in a transition), and a route module whose import fails at once
 * makes React Router reload before `useNavigation` has re-rendered: the guard must read the
 * router itself (the app-shell journey's chunk-reload step failed on that race).
 */
function routerNavigating(): boolean {
  const router = (window as { __reactRouterDataRouter?: ExposedRouter }).__reactRouterDataRouter;
  return router !== undefined && router.state.navigation.state !== 'idle';
}

/** Everything of the shell that is not the page. */
export function AppShell() {
  const navigation = useNavigation();
  const busy = useRef(false);
  busy.current = navigation.state !== 'idle';
  // Counts blocked reloads: each one fails the loading bar of the stuck navigation.
  const [blocked, setBlocked] = useState(0);
  useEffect(
    () =>
      installChunkReloadGuard(
        () => busy.current || routerNavigating(),
        () => {
          setBlocked((count) => count + 1);
          notify({ key: 'chunk-failed', mode: 'error', message: t('feedback.chunkFailed') });
        },
      ),
    [],
  );
  return (
    <>
      <LoadingBar failures={blocked} />
      <Snackbar />
      <OnlineStatus />
      <ServiceWorker />
    </>
  );
}
