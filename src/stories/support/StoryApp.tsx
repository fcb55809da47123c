import { useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ApiProvider, appRoutes, createAppApi, registry, TOAST_DURATION_MS } from '../../app';
import { createMockBackend, type MockBackendOptions } from '../mocks/mock-backend';
import { mockHttp } from '../mocks/mock-http';
import { useSignedIn } from './signed-in';
import { storyRegistry } from './story-registry';

export interface StoryAppProps {
  /** The screen to open, e.g. a create route from the registry. */
  path: string;
  /** Whether a token is stored (spec 4: that alone means signed in). */
  signedIn: boolean;
  /** How the mocked server is seeded and behaves. */
  backend?: MockBackendOptions;
}

/**
 * The whole web app as main.tsx mounts it (router from the registry, header, modals, toasts), in a
 * memory router at `path`, with every API call answered by a fresh in-memory backend.
 */
export function StoryApp({ path, signedIn, backend }: StoryAppProps) {
  useSignedIn(signedIn);
  const [app] = useState(() => ({
    api: createAppApi(mockHttp(createMockBackend(storyRegistry, backend))),
    router: createMemoryRouter(appRoutes(registry), { initialEntries: [path] }),
  }));
  return (
    <ApiProvider api={app.api}>
      <RouterProvider router={app.router} />
      <Toaster position="bottom-center" toastOptions={{ duration: TOAST_DURATION_MS }} />
    </ApiProvider>
  );
}
