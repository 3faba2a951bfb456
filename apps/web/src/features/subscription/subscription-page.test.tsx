import { OPERATOR_ASSIGNS_PLANS_NOTICE, PLANS, TEST_MODE_NOTICE } from '@altwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { useToastStore } from '@/lib/toast';
import { jsonResponse, renderRoute, sampleUser } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import { navigation } from './api/change-plan';
import SubscriptionPage from './subscription-page';

const fetchMock = mockFetch();

let billing: { mode: string; notice: string | null } | undefined;
let redirectUrl: string | undefined;

function subscription(plan: string) {
  return {
    ...(billing ? { billing } : {}),
    ...(redirectUrl ? { redirectUrl } : {}),
    subscription: {
      plan,
      status: 'active',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    },
  };
}

/** A tiny fake server: the account's plan changes with POST/DELETE /user/subscription. */
function fakeServer(initialPlan = 'free', { failChange }: { failChange?: { status: number; message: string } } = {}) {
  let plan = initialPlan;
  let release: (() => void) | null = null;
  const gate = { hold: false };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/v1/plans') return jsonResponse({ plans: PLANS });
    if (url === '/api/user/subscription' && method === 'GET') return jsonResponse(subscription(plan));
    if (url === '/api/user/subscription') {
      if (gate.hold) await new Promise<void>((resolve) => (release = resolve));
      if (failChange) return jsonResponse({ error: { code: 'conflict', message: failChange.message } }, failChange.status);
      if (!redirectUrl) plan = method === 'DELETE' ? 'free' : (JSON.parse(String(init?.body)) as { planId: string }).planId;
      return jsonResponse(subscription(plan));
    }
    if (url === '/api/auth/profile') return jsonResponse({ user: { ...sampleUser, plan } });
    return jsonResponse({ error: { code: 'not_found', message: `No route ${url}` } }, 404);
  });
  return { gate, release: () => release?.() };
}

const calls = (method: string, url: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);

describe('SubscriptionPage', () => {
  beforeEach(() => {
    signInAs();
    useToastStore.getState().clear();
  });
  afterEach(() => {
    billing = undefined;
    redirectUrl = undefined;
    vi.restoreAllMocks();
  });

  it('with no billing configured, shows the catalogue, says the operator assigns plans, and sells none', async () => {
    billing = { mode: 'none', notice: OPERATOR_ASSIGNS_PLANS_NOTICE };
    fakeServer('pro');
    renderRoute(<SubscriptionPage />);
    expect(await screen.findByRole('note')).toHaveTextContent(OPERATOR_ASSIGNS_PLANS_NOTICE);
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    await waitFor(() => expect(within(enterprise).getByRole('button', { name: 'Upgrade to Enterprise' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled();
  });

  it('in test mode says that no payment is taken', async () => {
    billing = { mode: 'test', notice: TEST_MODE_NOTICE };
    fakeServer('free');
    renderRoute(<SubscriptionPage />);
    expect(await screen.findByRole('note')).toHaveTextContent('Test mode — no payment is taken');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled());
  });

  it('with Stripe, an upgrade leaves for the Checkout page and announces nothing yet', async () => {
    billing = { mode: 'stripe', notice: null };
    redirectUrl = 'https://checkout.stripe.test/c/pay/cs_1';
    const leaveFor = vi.spyOn(navigation, 'leaveFor').mockImplementation(() => undefined);
    fakeServer('free');
    const user = userEvent.setup();
    renderRoute(<SubscriptionPage />);
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
    expect(screen.queryByText('Successfully upgraded to Pro plan!')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('renders the catalogue from the API with prices, badges, lists and button labels', async () => {
    fakeServer('free');
    renderRoute(<SubscriptionPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(await screen.findByText('Currently on:')).toBeInTheDocument();
    expect(screen.getByText('Free plan')).toBeInTheDocument();

    const free = screen.getByRole('article', { name: 'Free' });
    const pro = screen.getByRole('article', { name: 'Pro' });
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    await waitFor(() => expect(within(free).getByRole('button', { name: 'Current Plan' })).toBeDisabled());
    expect(within(free).getAllByText('Free')).toHaveLength(2); // the name and the price
    expect(within(free).getByRole('heading', { name: 'Limitations' })).toBeInTheDocument();
    expect(within(free).getAllByText('Current Plan')).toHaveLength(2); // badge and button

    expect(within(pro).getByText('Most Popular')).toBeInTheDocument();
    expect(within(pro).getByText('$29')).toBeInTheDocument();
    expect(within(pro).getByText('/month')).toBeInTheDocument();
    expect(within(pro).getByText('$29 per month')).toBeInTheDocument();
    expect(within(pro).getByRole('heading', { name: "What's included" })).toBeInTheDocument();
    expect(within(pro).queryByRole('heading', { name: 'Limitations' })).not.toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(within(enterprise).getByRole('button', { name: 'Upgrade to Enterprise' })).toBeEnabled();

    for (const text of ['Secure Payment', '256-bit SSL Encryption', 'PCI Compliant', '30-day Money Back']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('group')).toHaveLength(4); // the four FAQ disclosures
  });

  it('upgrades with POST, shows "Processing..." meanwhile, then refreshes plan, profile and toast', async () => {
    const server = fakeServer('free');
    server.gate.hold = true;
    const user = userEvent.setup();
    renderRoute(<SubscriptionPage />);
    const pro = await screen.findByRole('article', { name: 'Pro' });
    await waitFor(() => expect(within(pro).getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled());

    await user.click(within(pro).getByRole('button', { name: 'Upgrade to Pro' }));
    const busy = await within(pro).findByRole('button', { name: 'Processing...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeDisabled();

    server.release();
    expect(await screen.findByText('Successfully upgraded to Pro plan!')).toBeInTheDocument();
    expect(await screen.findByText('Pro plan')).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().user?.plan).toBe('pro'));
    // The pressed button keeps focus, so it is aria-disabled until focus leaves it.
    expect(within(pro).getByRole('button', { name: 'Current Plan' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled();

    const [post] = calls('POST', '/api/user/subscription');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ planId: 'pro', paymentMethodId: 'pm_altwise_demo' });
  });

  it('asks before a downgrade, naming what is lost, and sends nothing when kept', async () => {
    fakeServer('pro');
    const user = userEvent.setup();
    renderRoute(<SubscriptionPage />);
    await user.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Downgrade to Free?' });
    expect(within(dialog).getByTestId('downgrade-losses')).toHaveTextContent(/batch processing/i);
    expect(within(dialog).getByTestId('downgrade-losses')).toHaveTextContent('100 requests an hour and 500 a day');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Pro' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls('DELETE', '/api/user/subscription')).toHaveLength(0);
  });

  it('downgrades with DELETE after the confirmation and says so', async () => {
    fakeServer('pro');
    const user = userEvent.setup();
    renderRoute(<SubscriptionPage />);
    await user.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Downgrade to Free' }));
    expect(await screen.findByText('Successfully downgraded to Free plan')).toBeInTheDocument();
    expect(calls('DELETE', '/api/user/subscription')).toHaveLength(1);
    expect(await screen.findByText('Free plan')).toBeInTheDocument();
  });

  it('on failure shows the server message and clears the processing state', async () => {
    fakeServer('free', { failChange: { status: 422, message: 'Your card was declined' } });
    const user = userEvent.setup();
    renderRoute(<SubscriptionPage />);
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Your card was declined')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(screen.getByText('Free plan')).toBeInTheDocument();
  });

  it('shows the error and a retry when the catalogue cannot be loaded', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/v1/plans'
        ? jsonResponse({ error: { code: 'unavailable', message: 'Catalogue is down' } }, 503)
        : jsonResponse(subscription('free')),
    );
    renderRoute(<SubscriptionPage />);
    expect(await screen.findByText("We couldn't load the plans")).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Catalogue is down');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
