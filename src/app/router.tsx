import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { BillTypeEntry, RegistryIndex } from '../engine/core';
import { lastScreen, NOT_REMEMBERED } from './auth/last-screen';
import type { LoginPageProps } from './auth/LoginPage';
import { RequireToken } from './auth/RequireToken';
import { AppLayout } from './layout/AppLayout';
import { AUDIT_PATH, CATALOGS_PATH, CLIENTS_PATH, OPERATORS_PATH, REPORTS_PATH } from './layout/header-links';
import { NotFound } from './layout/NotFound';
import { ScreenError } from './layout/ScreenError';
import { lazyScreen } from './lazy-screen';
import { typeScreen } from './type-screen';
import { createRoute, listRoute, profileRoute } from './paths';
import { receivablesRoute } from './receivables/receivables-path';
import { contractsRoute } from './contracts/contracts-path';
import { TODAY_PATH } from './today/today-path';
import { newPurchaseRoute, purchasesRoute, stockRoute } from './stock/stock-paths';

// Split off so the sign-in page loads only the shell; the form (rjsf) is the heaviest part. Each loads its bill type.
const EditorPage = typeScreen(() => import('./bills/EditorPage'));
const BillListPage = typeScreen(() => import('./bills/BillListPage'));
const ReportsPage = lazyScreen(() => import('./reports/ReportsPage'));
const ProfilePage = lazyScreen(() => import('./profile/ProfilePage'));
const ClientsPage = lazyScreen(() => import('./clients/ClientsPage'));
const CatalogsPage = lazyScreen(() => import('./catalogs/CatalogsPage'));
const ReceivablesPage = lazyScreen(() => import('./receivables/ReceivablesPage'));
const OperatorsPage = lazyScreen(() => import('./operators/OperatorsPage'));
const AuditPage = lazyScreen(() => import('./audit/AuditPage'));
const ContractsPage = lazyScreen(() => import('./contracts/ContractsPage'));
const ContractPage = lazyScreen(() => import('./contracts/ContractPage'));
const TodayPage = lazyScreen(() => import('./today/TodayPage'));
const StockPage = lazyScreen(() => import('./stock/StockPage'));
const PurchasesPage = lazyScreen(() => import('./stock/PurchasesPage'));
const PurchasePage = lazyScreen(() => import('./stock/PurchasePage'));
// A signed-in operator (every bill screen) never needs the sign-in page: it stays out of their first load.
const LoginPage = lazyScreen<LoginPageProps>(() => import('./auth/LoginPage').then((module) => ({ default: module.LoginPage })));

function billRoutes(billType: BillTypeEntry): RouteObject[] {
  const screen = (element: ReactNode, path: string): RouteObject => ({ path, element });
  return [
    screen(<EditorPage billType={billType} />, createRoute(billType)),
    screen(<BillListPage billType={billType} />, listRoute(billType)),
    screen(<EditorPage billType={billType} />, `${listRoute(billType)}/:billno`),
  ];
}

/** Spec 2's routes for every bill type in the registry: create, list and edit, all behind the guard. */
export function appRoutes(registry: RegistryIndex): RouteObject[] {
  const guarded: RouteObject[] = [
    ...registry.billTypes.flatMap(billRoutes),
    { path: TODAY_PATH, element: <TodayPage registry={registry} /> },
    { path: REPORTS_PATH, element: <ReportsPage registry={registry} /> },
    { path: CLIENTS_PATH, element: <ClientsPage registry={registry} /> },
    { path: CATALOGS_PATH, element: <CatalogsPage registry={registry} /> },
    { path: OPERATORS_PATH, element: <OperatorsPage /> },
    { path: AUDIT_PATH, element: <AuditPage /> },
    ...registry.units.flatMap((unit) => [
      { path: profileRoute(unit), element: <ProfilePage unit={unit} /> },
      { path: receivablesRoute(unit), element: <ReceivablesPage unit={unit} /> },
      { path: contractsRoute(unit), element: <ContractsPage unit={unit} /> },
      { path: `${contractsRoute(unit)}/:contractId`, element: <ContractPage registry={registry} unit={unit} /> },
      { path: stockRoute(unit), element: <StockPage unit={unit} /> },
      { path: purchasesRoute(unit), element: <PurchasesPage unit={unit} /> },
      { path: newPurchaseRoute(unit), element: <PurchasePage unit={unit} /> },
    ]),
    { path: '*', element: <NotFound />, handle: NOT_REMEMBERED },
  ];
  return [
    {
      element: <AppLayout registry={registry} />,
      // A screen that fails (a chunk still missing after the reload, issue 30) shows a plain message under the
      // header, not the router's raw error; the outer one is for the layout's own failure.
      errorElement: <ScreenError />,
      children: [
        {
          errorElement: <ScreenError />,
          children: [
            { path: '/', element: <LoginPage landing={TODAY_PATH} lastScreen={lastScreen} /> },
            { element: <RequireToken />, children: guarded },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(registry: RegistryIndex) {
  return createBrowserRouter(appRoutes(registry));
}
