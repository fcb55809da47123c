import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router-dom';
import { createAppApi } from './api/app-api';
import { ApiProvider } from './api/ApiContext';
import { createHttp } from './api/http-client';
import { registry } from './registry';
import { createAppRouter } from './router';
import { showErrorToast, TOAST_DURATION_MS } from './ui/toasts';
import './styles/base.css';
import './styles/header.css';
import './styles/list.css';
import './styles/modal.css';

// A 401 has already removed the token; the guard then sends the operator to `/`, and this says why.
const api = createAppApi(createHttp((message) => showErrorToast(message)));
const router = createAppRouter(registry);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiProvider api={api}>
      <RouterProvider router={router} />
    </ApiProvider>
    <Toaster position="bottom-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
  </StrictMode>,
);
