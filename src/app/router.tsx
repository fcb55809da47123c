import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { BillType, Registry } from '../engine/core';
import { RequireToken } from './auth/RequireToken';
import { AppLayout } from './layout/AppLayout';
import { CLIENTS_PATH, REPORTS_PATH } from './layout/header-links';
import { NotFound } from './layout/NotFound';
import { lazyScreen } from './lazy-screen';
import { createRoute, landingPath, listRoute, profileRoute } from './paths';

// Split off so the sign-in page loads only the shell; the form (rjsf) is the heaviest part.
const EditorPage = lazyScreen(() => import('./bills/EditorPage'));
const BillListPage = lazyScreen(() => import('./bills/BillListPage'));
const ReportsPage = lazyScreen(() => import('./reports/ReportsPage'));
const ProfilePage = lazyScreen(() => import('./profile/ProfilePage'));
const ClientsPage = lazyScreen(() => import('./clients/ClientsPage'));
// A signed-in operator (every bill screen) never needs the sign-in page: it stays out of their first load.
const LoginPage = lazyScreen<{ landing: string }>(() => import('./auth/LoginPage').then((module) => ({ default: module.LoginPage })));

function billRoutes(billType: BillType): RouteObject[] {
  const screen = (element: ReactNode, path: string): RouteObject => ({ path, element });
  return [
    screen(<EditorPage billType={billType} />, createRoute(billType)),
    screen(<BillListPage billType={billType} />, listRoute(billType)),
    screen(<EditorPage billType={billType} />, `${listRoute(billType)}/:billno`),
  ];
}

/** Spec 2's routes for every bill type in the registry: create, list and edit, all behind the guard. */
export function appRoutes(registry: Registry): RouteObject[] {
  return [
    {
      element: <AppLayout registry={registry} />,
      children: [
        { path: '/', element: <LoginPage landing={landingPath(registry)} /> },
        {
          element: <RequireToken />,
          children: [
            ...registry.billTypes.flatMap(billRoutes),
            { path: REPORTS_PATH, element: <ReportsPage registry={registry} /> },
            { path: CLIENTS_PATH, element: <ClientsPage registry={registry} /> },
            ...registry.units.map((unit) => ({ path: profileRoute(unit), element: <ProfilePage unit={unit} /> })),
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(registry: Registry) {
  return createBrowserRouter(appRoutes(registry));
}
