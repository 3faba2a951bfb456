import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signInAs, signOut } from '@/test/session';
import { SiteHeader } from './site-header';

const renderHeader = () =>
  render(
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>,
  );

describe('site header', () => {
  it('offers Sign In and Get Started to a visitor', () => {
    signOut();
    renderHeader();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  });

  it('offers the dashboard, not a sign-in, to a signed-in user (as on the 404 page)', () => {
    signInAs();
    renderHeader();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('keeps the section links reachable on a phone behind a Sections disclosure that Escape closes', async () => {
    signOut();
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'Sections' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list).toBeVisible();
    expect(list).toHaveTextContent('FeaturesDemoPricing');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
