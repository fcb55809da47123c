import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { HEADER_TITLE } from '../../app';
import { SIGN_IN_FAILED } from '../mocks/mock-backend';
import { appStory } from '../support/app-story';
import { expectErrorToast, findButton } from '../support/play';
import { StoryApp } from '../support/StoryApp';

const meta = { title: 'Screens/Sign-in', component: StoryApp } satisfies Meta<typeof StoryApp>;
export default meta;

/** Spec 2: email, password and Login at `/`; signed out, the header shows only its title. */
export const SignIn = appStory('/', {
  signedIn: false,
  play: async (page) => {
    await findButton(page, 'Login');
    await expect(page.getByText(HEADER_TITLE)).toBeTruthy();
    await expect(page.queryByRole('button', { name: 'Logout' })).toBeNull();
  },
});

/** Spec 8: a failed sign-in shows the server's msg as an error toast. */
export const SignInFailed = appStory('/', {
  signedIn: false,
  backend: { rejectSignIn: true },
  play: async (page) => {
    await userEvent.type(page.getByLabelText('Email'), 'operator@alfadiesel.example');
    await userEvent.type(page.getByLabelText('Password'), 'not the password');
    await userEvent.click(await findButton(page, 'Login'));
    await expectErrorToast(page, SIGN_IN_FAILED);
  },
});
