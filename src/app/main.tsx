import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router-dom';
import { createAppApi } from './api/app-api';
import { ApiProvider } from './api/ApiContext';
import { createHttp } from './api/http-client';
import { requestSignIn } from './auth/sign-in-again';
import { registry } from './registry';
import { createAppRouter } from './router';
import { TOAST_DURATION_MS } from './ui/toasts';
import './styles/base.css';
import './styles/header.css';
import './styles/list.css';
import './styles/clients.css';
import './styles/modal.css';
import './styles/receivables.css';

// A refused sign-in (401) opens the sign-in dialog over the screen; the refused calls go again after it.
const api = createAppApi(createHttp(requestSignIn));
const router = createAppRouter(registry);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiProvider api={api}>
      <RouterProvider router={router} />
    </ApiProvider>
    <Toaster position="bottom-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
  </StrictMode>,
);
