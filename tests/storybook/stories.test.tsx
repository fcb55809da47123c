import { composeStories, setProjectAnnotations, type Meta } from '@storybook/react-vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { storyRegistry as registry } from '../../src/stories/support/story-registry';
import { billTypeStories } from '../../src/stories/bill-types/bill-type-stories';

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = { run(): Promise<void> };

/** The stories Storybook shows: every CSF file, and every bill type's stories built from the registry. */
const files = import.meta.glob<StoryModule>('../../src/stories/**/*.stories.tsx', { eager: true });
const modules: StoryModule[] = [...Object.values(files), ...registry.billTypes.map((b) => billTypeStories(b) as StoryModule)];

const titleOf = (module: StoryModule) => String((module.default as Meta).title);

// What jsdom lacks and the screens use: matchMedia (react-hot-toast), object URLs (downloads, PDF
// preview), scrolling (a row brought into view, the Clients screen's form).
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
URL.createObjectURL ??= () => 'blob:storybook-test';
URL.revokeObjectURL ??= () => {};

// Before composing: composed stories take the project's annotations (the download guard) at that moment.
setProjectAnnotations(preview);

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Runs a story as Storybook does (loaders, render, play) and returns what went wrong on the way:
 * console errors (React reports render and prop problems there) and uncaught errors.
 */
async function runCollectingErrors(story: ComposedStory): Promise<string[]> {
  const errors: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(`console.error: ${args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')}`);
  });
  const onError = (event: ErrorEvent) => errors.push(`uncaught: ${event.message}`);
  window.addEventListener('error', onError);
  try {
    await story.run();
  } finally {
    window.removeEventListener('error', onError);
  }
  return errors;
}

describe.each(modules.map((module) => [titleOf(module), module] as const))('%s', (_title, module) => {
  const stories = Object.entries(composeStories(module)) as [string, ComposedStory][];
  it.each(stories)('%s renders, plays, and logs no error', async (_name, story) => {
    expect(await runCollectingErrors(story)).toEqual([]);
  });
});

describe('the story check itself', () => {
  it('reports a story that logs a console error or throws outside React', async () => {
    const { Noisy } = composeStories({
      default: { title: 'Check', render: () => <p>noisy</p> },
      Noisy: {
        play: async () => {
          console.error('a prop type is wrong');
          window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
        },
      },
    });
    expect(await runCollectingErrors(Noisy)).toEqual(['console.error: a prop type is wrong', 'uncaught: boom']);
  });
});
