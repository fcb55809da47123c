import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { RegistryIndex } from '../../engine/core';
import { SignInAgainDialog } from '../auth/SignInAgainDialog';
import { useToken } from '../auth/token-store';
import { lazyScreen } from '../lazy-screen';
import { landingPath } from '../paths';
import { ModalProvider } from '../ui/ModalProvider';
import { Header } from './Header';

/** Shown on the landing screen of a fresh database only: loaded on demand, off every create screen's first load. */
const SetupChecklist = lazyScreen(
  // A checklist that cannot load is left out: it is no reason to reload the app or lose the screen.
  () => import('../setup/SetupChecklist').catch(() => ({ default: () => null })),
  null,
);

/** Issue 47: what the service contracts need this week, on the landing screen; loaded on demand like the checklist. */
const DueThisWeek = lazyScreen(() => import('../contracts/DueThisWeek').catch(() => ({ default: () => null })), null);

/**
 * Header above every screen; lazy screens show a quiet placeholder while their code loads. A refused
 * sign-in opens the sign-in dialog over the screen. The landing screen leads with the set-up checklist
 * until every unit's profile is saved, and with what the service contracts need this week.
 */
export function AppLayout({ registry }: { registry: RegistryIndex }) {
  const { pathname } = useLocation();
  const signedIn = useToken() !== null;
  return (
    <ModalProvider resetKey={pathname}>
      <Header registry={registry} />
      <main className="app-main">
        {signedIn && pathname === landingPath(registry) && <SetupChecklist units={registry.units} />}
        {signedIn && pathname === landingPath(registry) && <DueThisWeek units={registry.units} />}
        <Suspense fallback={<p className="page-loading">Please Wait</p>}>
          <Outlet />
        </Suspense>
      </main>
      <SignInAgainDialog />
    </ModalProvider>
  );
}
