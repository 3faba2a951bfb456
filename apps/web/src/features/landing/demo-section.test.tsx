import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch } from '@/test/session';
import { DemoSection } from './demo-section';

const fetchMock = mockFetch();
const result = (extra: Record<string, unknown> = {}) => ({
  imageUrl: 'https://example.com/harbour.png',
  altText: 'Fishing boats moored in a harbour at dusk',
  processingTime: 812,
  wcagCompliant: true,
  verification: 'model',
  ...extra,
});

async function generate(user: ReturnType<typeof userEvent.setup>, url: string) {
  const field = screen.getByLabelText('Image URL');
  await user.clear(field);
  await user.type(field, url);
  await user.click(screen.getByRole('button', { name: 'Generate Alt Text' }));
}

describe('landing demo', () => {
  beforeEach(() => useToastStore.getState().clear());

  it('clears the previous result when a request fails and shows the error in the panel', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(result()))
      .mockResolvedValueOnce(
        jsonResponse({ error: { code: 'too_many_requests', message: 'The demo is limited to 10 images per hour.' } }, 429),
      );
    const user = userEvent.setup();
    renderRoute(<DemoSection />);
    await generate(user, 'https://example.com/harbour.png');
    expect(await screen.findByTestId('demo-result')).toHaveTextContent('Processed in 812ms');

    await generate(user, 'https://example.com/second.png');
    const panel = screen.getByRole('region', { name: '2. Get your alt text' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The demo is limited to 10 images per hour.');
    expect(screen.queryByTestId('demo-result')).not.toBeInTheDocument();
    expect(within(panel).queryByText(/Processed in/)).not.toBeInTheDocument();
  });

  it('forgets the shown result when a new image is chosen', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(result()));
    const user = userEvent.setup();
    renderRoute(<DemoSection />);
    await generate(user, 'https://example.com/harbour.png');
    await screen.findByTestId('demo-result');
    await user.type(screen.getByLabelText('Image URL'), 'x');
    expect(screen.queryByTestId('demo-result')).not.toBeInTheDocument();
    expect(screen.getByText('Your result will appear here')).toBeInTheDocument();
  });

  it('labels a cached result "Cached result" instead of "Processed in 0ms"', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(result({ processingTime: 0, cached: true })));
    const user = userEvent.setup();
    renderRoute(<DemoSection />);
    await generate(user, 'https://example.com/harbour.png');
    const shown = await screen.findByTestId('demo-result');
    expect(shown).toHaveTextContent('Cached result');
    expect(shown).not.toHaveTextContent('0ms');
  });

  it('shows the SPEC badge for a compliant vision-model result, and no draft label', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(result()));
    const user = userEvent.setup();
    renderRoute(<DemoSection visionModel />);
    await generate(user, 'https://example.com/harbour.png');
    const shown = await screen.findByTestId('demo-result');
    expect(within(shown).getByText('WCAG 2.2 AAA compliant')).toBeInTheDocument();
    expect(within(shown).queryByText('Draft — no vision model')).not.toBeInTheDocument();
    expect(screen.queryByTestId('no-vision-model')).not.toBeInTheDocument();
  });

  it('shows "Draft — no vision model" with a plain explanation instead of the badge for a draft', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(result({ altText: 'Photograph, mostly blue', wcagCompliant: false, verification: 'draft', verificationReason: 'no_vision_model' })),
    );
    const user = userEvent.setup();
    renderRoute(<DemoSection visionModel={false} />);
    // Said before anyone tries it.
    expect(screen.getByTestId('no-vision-model')).toHaveTextContent('not a description of what the image shows');
    await generate(user, 'https://example.com/harbour.png');
    const shown = await screen.findByTestId('demo-result');
    expect(within(shown).getByText('Draft — no vision model')).toBeInTheDocument();
    expect(within(shown).getByTestId('draft-explanation')).toHaveTextContent('No vision model looked at this image');
    expect(within(shown).queryByText(/compliant/i)).not.toBeInTheDocument();
  });
});
