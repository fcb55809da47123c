import { useState } from 'react';
import { clearToken, setToken } from '../../app';
import { MOCK_TOKEN } from '../mocks/mock-backend';

/**
 * Stores or removes the token (spec 4: its presence alone means signed in) once, before the first
 * render, so the guard and the header see the story's state at once.
 */
export function useSignedIn(signedIn: boolean): void {
  useState(() => {
    if (signedIn) setToken(MOCK_TOKEN);
    else clearToken();
    return signedIn;
  });
}
