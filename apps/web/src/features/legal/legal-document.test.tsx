import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch } from '@/test/session';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

const fetchMock = mockFetch();

describe('Terms and Privacy pages', () => {
  it('show the server\'s document under its title, as one h1 and its sections', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ document: 'privacy', title: 'Privacy Policy', source: 'default', html: '<h2>What is stored</h2>\n<p>Usage is kept for <strong>400 days</strong>.</p>' }),
    );
    const { container } = renderRoute(<PrivacyPage />, { path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 2, name: 'What is stored' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('400 days')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/v1\/legal\/privacy$/);
    expect(document.title).toContain('Privacy Policy');
    await expectNoAxeViolations(container);
  });

  it('use the operator\'s own title', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ document: 'terms', title: 'Our House Rules', source: 'operator', html: '<p>Be kind.</p>' }));
    renderRoute(<TermsPage />, { path: '/terms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Our House Rules' })).toBeInTheDocument();
    expect(screen.getByText('Be kind.')).toBeInTheDocument();
  });

  it('offer a retry when the document cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'internal_error', message: 'Something went wrong' } }, 500));
    renderRoute(<TermsPage />, { path: '/terms' });
    expect(await screen.findByText('The Terms of Service could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
