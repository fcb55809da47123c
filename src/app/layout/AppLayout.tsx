import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { Registry } from '../../engine/core';
import { SignInAgainDialog } from '../auth/SignInAgainDialog';
import { ModalProvider } from '../ui/ModalProvider';
import { Header } from './Header';

/**
 * Header above every screen; lazy screens show a quiet placeholder while their code loads. A refused
 * sign-in opens the sign-in dialog over the screen.
 */
export function AppLayout({ registry }: { registry: Registry }) {
  const { pathname } = useLocation();
  return (
    <ModalProvider resetKey={pathname}>
      <Header registry={registry} />
      <main className="app-main">
        <Suspense fallback={<p className="page-loading">Please Wait</p>}>
          <Outlet />
        </Suspense>
      </main>
      <SignInAgainDialog />
    </ModalProvider>
  );
}
