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
        () => busy.current,
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
