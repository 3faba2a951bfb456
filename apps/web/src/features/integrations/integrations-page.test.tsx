import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '@/app/layouts/site-footer';
import { expectNoAxeViolations } from '@/test/axe';
import { renderRoute } from '@/test/render';
import IntegrationsPage from './integrations-page';

describe('integrations', () => {
  it('the footer links Integrations to its page (no longer "Soon")', () => {
    renderRoute(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/integrations');
    expect(screen.getByRole('navigation', { name: 'Product' })).not.toHaveTextContent('Soon');
  });

  it('lists the CLI, the GitHub Action and the WordPress plugin with their first steps', async () => {
    const { container } = renderRoute(<IntegrationsPage />, { path: '/integrations' });
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Command line: altwise',
      'GitHub Action',
      'WordPress plugin',
    ]);
    expect(screen.getByRole('region', { name: 'WordPress plugin: first steps' })).toHaveTextContent('Upload Plugin');
    await expectNoAxeViolations(container);
  });
});
