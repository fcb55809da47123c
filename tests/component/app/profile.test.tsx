import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { gstProfile, imageDataUrl } from '../../fixtures/profile';
import { registry } from '../../../src/app/registry';
import { fakeApi, renderApp, signIn } from './support';

const IMAGES = join(import.meta.dirname, '../../fixtures/images');
const logoFile = () => new File([readFileSync(join(IMAGES, 'logo.png'))], 'logo.png', { type: 'image/png' });

/** Opens the GST unit's Business Profile screen over a fake API and waits for its fields. */
async function openProfile(api = fakeApi()) {
  signIn();
  renderApp('/gst/business-profile', api);
  // The screen is its own chunk: the first test loads it, on a busy machine that takes more than findBy's 1 s.
  await screen.findByRole('heading', { name: 'Business Profile · GST' }, { timeout: 15_000 });
  return { api, user: userEvent.setup() };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('Business Profile screen (issue 17)', () => {
  it('shows the unit\'s profile, says it is not saved yet, and reads the state from the GSTIN as it is typed', async () => {
    const { api, user } = await openProfile();
    expect(api.getProfile).toHaveBeenCalledWith('gst');
    expect(input('Company Name *').value).toBe('ALFA DIESEL SERVICES');
    expect(screen.getByRole('note').textContent).toMatch(/^Not saved yet/);
    expect(screen.getByText('State Name: Maharashtra, Code: 27')).toBeDefined();

    await user.clear(input('GSTIN'));
    await user.type(input('GSTIN'), '29AABCK5678L1Z');
    expect(screen.getByText('Not a valid GSTIN yet (15 characters, the last a check character).')).toBeDefined();
    await user.type(input('GSTIN'), 'U');
    expect(screen.getByText('State Name: Karnataka, Code: 29')).toBeDefined();
  });

  it('saves the checked profile (trimmed, GSTIN/PAN/IFSC upper-cased) and shows the server\'s message', async () => {
    const api = fakeApi([], {
      getProfile: vi.fn(async () => ({ ...gstProfile({ logo: '', signature: '' }), stateName: 'Maharashtra', stateCode: '27', saved: true, version: 3 })),
      saveProfile: vi.fn(async () => 'The GST business profile has been saved.'),
    });
    const { user } = await openProfile(api);
    expect(screen.queryByRole('note')).toBeNull();
    await user.clear(input('IFSC'));
    await user.type(input('IFSC'), 'hdfc0000123');
    await user.clear(input('Branch'));
    await user.type(input('Branch'), 'Powai  ');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    await screen.findByText('The GST business profile has been saved.');
    expect(api.saveProfile).toHaveBeenCalledTimes(1);
    // The unit's number series go with it (issue 27): each type's schema default until changed.
    const series = Object.fromEntries(registry.billTypes.filter((b) => b.unit === 'gst').map((b) => [b.type, b.series]));
    expect(api.saveProfile).toHaveBeenCalledWith('gst', { ...gstProfile({ logo: '', signature: '', ifsc: 'HDFC0000123', branch: 'Powai' }), series });
    expect(input('IFSC').value).toBe('HDFC0000123');
  });

  it('refuses a bad IFSC before asking the server: the toast names it, and the field is marked and focused', async () => {
    const { api, user } = await openProfile();
    await user.type(input('Account Number'), '30012345678');
    await user.type(input('Bank Name'), 'State Bank of India');
    await user.type(input('IFSC'), 'SBIN1001234');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    await screen.findByText('IFSC is not valid: 4 letters, 0, then 6 letters or digits, e.g. SBIN0001234.');
    expect(api.saveProfile).not.toHaveBeenCalled();
    expect(input('IFSC').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('IFSC'));
    // Correcting it clears the mark.
    await user.type(input('IFSC'), '{Backspace}');
    expect(input('IFSC').hasAttribute('aria-invalid')).toBe(false);
  });

  it('names the field the server refuses, keeping what was typed', async () => {
    const api = fakeApi([], { saveProfile: vi.fn(async () => Promise.reject(new Error('Logo is not a readable PNG or JPEG image.'))) });
    const { user } = await openProfile(api);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await screen.findByText('Logo is not a readable PNG or JPEG image.');
    expect(input('Company Name *').value).toBe('ALFA DIESEL SERVICES');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toHaveProperty('disabled', false);
  });

  it('previews a chosen PNG logo, sends it as a data URL, and removes it again', async () => {
    const { api, user } = await openProfile();
    await user.upload(input('Logo (PNG or JPEG, at most 300 KB)'), logoFile());
    const preview = await screen.findByRole<HTMLImageElement>('img', { name: 'Logo preview' });
    expect(preview.src).toBe(imageDataUrl('logo.png'));
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() => expect(api.saveProfile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api.saveProfile).mock.calls[0][1].logo).toBe(imageDataUrl('logo.png'));

    await user.click(screen.getByRole('button', { name: 'Remove Logo' }));
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull();
  });

  it('refuses an image that is not a PNG or JPEG, or over 300 KB, without a preview', async () => {
    const { user } = await openProfile();
    const gif = new File([Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64')], 'logo.gif', { type: 'image/gif' });
    // The picker offers PNG and JPEG only; an operator can still pick "All files".
    await userEvent.setup({ applyAccept: false }).upload(input('Signature (PNG or JPEG, at most 300 KB)'), gif);
    await screen.findByText('Signature must be a PNG or JPEG image.');
    expect(screen.queryByRole('img', { name: 'Signature preview' })).toBeNull();

    const huge = new File([readFileSync(join(IMAGES, 'logo.png')), new Uint8Array(300 * 1024)], 'huge.png', { type: 'image/png' });
    await user.upload(input('Logo (PNG or JPEG, at most 300 KB)'), huge);
    await screen.findByText('Logo must be at most 300 KB.');
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull();
  });

  it('says when the profile cannot be loaded, and loads it on Try again', async () => {
    const api = fakeApi();
    const answer = await api.getProfile('gst');
    vi.mocked(api.getProfile).mockRejectedValueOnce(new Error('Network Error')).mockResolvedValueOnce(answer);
    const { user } = await openProfile(api);
    expect(screen.getByRole('alert').textContent).toContain('The business profile could not be loaded: Network Error');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText<HTMLInputElement>('Company Name *')).toHaveProperty('value', 'ALFA DIESEL SERVICES');
  });
});
