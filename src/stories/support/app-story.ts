import type { StoryObj } from '@storybook/react-vite';
import type { MockBackendOptions } from '../mocks/mock-backend';
import { pageOf, type Page } from './play';
import type { StoryApp } from './StoryApp';

export type AppStory = StoryObj<typeof StoryApp>;

interface AppStoryOptions {
  signedIn?: boolean;
  backend?: MockBackendOptions;
  /** Brings the screen to the state the story shows (and checks it), given the whole page. */
  play?: (page: Page) => Promise<void>;
}

/** A story of the whole app at `path`, signed in unless told otherwise, over a fresh mocked server. */
export function appStory(path: string, { signedIn = true, backend, play }: AppStoryOptions = {}): AppStory {
  return {
    args: { path, signedIn, ...(backend ? { backend } : {}) },
    ...(play ? { play: ({ canvasElement }) => play(pageOf(canvasElement)) } : {}),
  };
}
