import type { Preview } from '@storybook/react-vite';
import toast from 'react-hot-toast';
import { configure } from 'storybook/test';
import { cancelSignInRequest } from '../src/app';
import { guardDownloads } from '../src/stories/support/downloads';
import { SCREEN_TIMEOUT_MS } from '../src/stories/support/play';
import { VIEWPORTS } from '../src/stories/support/viewports';
import '../src/app/styles/base.css';
import '../src/app/styles/header.css';
import '../src/app/styles/list.css';
import '../src/app/styles/clients.css';
import '../src/app/styles/modal.css';

// Play functions wait for lazily loaded screens; the default second is too short on a busy machine.
configure({ asyncUtilTimeout: SCREEN_TIMEOUT_MS });

const preview: Preview = {
  parameters: { layout: 'fullscreen', viewport: { options: VIEWPORTS } },
  beforeEach() {
    // Toasts live in a module-level store: one story's must not show in the next.
    toast.remove();
    const unguard = guardDownloads((fileName) => console.info(`Storybook kept the download of ${fileName} from your disk.`));
    return () => {
      unguard();
      // A story's "Sign in again" dialog (an expired sign-in) must not stay open over the next story.
      cancelSignInRequest();
    };
  },
};

export default preview;
