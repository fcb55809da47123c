/**
 * The app's public modules, for Storybook (stories render the whole app): everything else under src/app is
 * the app's own. The app itself never imports this file, so it adds nothing to the app's bundle.
 */
export { ApiProvider } from './api/ApiContext';
export { createAppApi } from './api/app-api';
export { createHttp } from './api/http-client';
export { cancelSignInRequest, requestSignIn } from './auth/sign-in-again';
export { SIGN_IN_AGAIN_TEXTS } from './auth/SignInForm';
export { clearToken, setToken } from './auth/token-store';
export { VIEW_TITLE } from './bills/ViewPdfModal';
export { Header, HEADER_TITLE } from './layout/Header';
export { ModalProvider } from './ui/ModalProvider';
export { AUDIT_PATH, CATALOGS_PATH, CLIENTS_PATH } from './layout/header-links';
export { createRoute, editRoute, listRoute } from './paths';
export { loadBillTypes, loadEveryBillType, registry } from './registry';
export { appRoutes } from './router';
export { PAY_BUTTON, PREVIEW_BUTTON, SAVED_BUTTON, SAVED_TITLE, SEND_BUTTON, SHARE_BUTTON } from './ui/bill-ui';
export { UNREACHABLE_MESSAGE } from './api/error-message';
export { showErrorToast, TOAST_DURATION_MS } from './ui/toasts';
export { receivablesRoute } from './receivables/receivables-path';
export { default as SetupChecklist, SETUP_TEXTS } from './setup/SetupChecklist';
export { stockRoute } from './stock/stock-paths';
