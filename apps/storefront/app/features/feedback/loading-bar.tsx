/**
 * The loading bar at the top of the window (SPEC §4 loading indicator, §9 5 px, throttle 200 ms,
 * duration 5000 ms, delay 1000 ms checked every 100 ms): driven by React Router's navigation
 * state (`useNavigation`: a page change or form submission in progress) with the timing of
 * loading-progress.ts. A navigation that ends on an error page fills the bar in the error colour.
 * Decorative (aria-hidden): the page's own heading focus and live regions tell assistive
 * technology; with prefers-reduced-motion the bar does not animate its growth (CSS).
 */
import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterStateContext, useNavigation } from 'react-router';
import { createLoadingBar, HIDDEN, type LoadingBar as Controller } from './loading-progress';

/**
 * Mounted once in the root; renders nothing until a navigation is slow. Each increase of
 * `failures` (a navigation that cannot finish, e.g. a blocked chunk reload) fails the bar.
 */
export function LoadingBar({ failures = 0 }: { failures?: number }) {
  const navigation = useNavigation();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const failed = routerState?.errors != null;
  const [state, setState] = useState(HIDDEN);
  const controller = useRef<Controller | null>(null);

  useEffect(() => {
    const bar = createLoadingBar(setState);
    controller.current = bar;
    return () => bar.dispose();
  }, []);

  const busy = navigation.state !== 'idle';
  useEffect(() => {
    const bar = controller.current;
    if (!bar) return;
    if (busy) bar.start();
    else if (failed) bar.fail();
    else bar.finish();
  }, [busy, failed]);
  useEffect(() => {
    if (failures > 0) controller.current?.fail();
  }, [failures]);

  if (!state.visible) return null;
  return (
    <div
      className={`loading-bar${state.failed ? ' loading-bar--failed' : ''}`}
      aria-hidden="true"
      data-progress={Math.round(state.progress)}
    >
      <div className="loading-bar__fill" style={{ transform: `scaleX(${state.progress / 100})` }} />
    </div>
  );
}
