import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { ProfileHeader } from './profile-header';

const fetchMock = mockFetch();
const STORED = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

describe('the profile picture', () => {
  beforeEach(() => signInAs());

  it('uploads the chosen picture to the server and shows what the server stored; says so in words', async () => {
    let image: string | null = null;
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === 'PUT') image = STORED;
      if (init?.method === 'DELETE') image = null;
      return jsonResponse({ image, updatedAt: image ? '2026-11-27T20:00:00.000Z' : null });
    });
    const user = userEvent.setup();
    const { container } = renderRoute(<ProfileHeader user={sampleUser} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByTestId('avatar-initials')).toHaveTextContent('AL');
    expect(screen.queryByText(/Demo only/)).toBeNull();

    await user.upload(screen.getByLabelText('Change profile picture'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Profile picture saved')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', STORED);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/v1/user/profile-image');
    expect(JSON.parse(String(put[1]!.body)).imageData).toMatch(/^data:image\/png;base64,/);
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Remove profile picture' }));
    expect(await screen.findByText('Profile picture removed')).toBeInTheDocument();
    expect(screen.getByTestId('avatar-initials')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === '/api/v1/user/profile-image')).toBe(true);
  });

  it('shows the stored picture on arrival, and the server\'s reason when an upload is refused', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'The file is not a picture we can read: use a JPEG, PNG, GIF, WebP or AVIF image' } }, 400)
        : jsonResponse({ image: STORED, updatedAt: '2026-11-27T20:00:00.000Z' }),
    );
    const user = userEvent.setup();
    renderRoute(<ProfileHeader user={sampleUser} />);
    expect(await screen.findByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', STORED);
    await user.upload(screen.getByLabelText('Change profile picture'), new File(['nope'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('The file is not a picture we can read: use a JPEG, PNG, GIF, WebP or AVIF image')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', STORED);
  });
});
