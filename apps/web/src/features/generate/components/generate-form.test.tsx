import { UPLOAD_MAX_BYTES } from '@altwise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/lib/toast';
import { apiKeyFixture, FULL_KEY } from '@/test/api-key-fixtures';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import GeneratePage from '../generate-page';

const fetchMock = mockFetch();
type Route = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

const KEY = apiKeyFixture();

function result(imageUrl: string, altText: string, extra: Record<string, unknown> = {}) {
  return {
    imageUrl,
    altText,
    isDecorative: false,
    containsText: false,
    processingTime: 1234,
    wcagCompliant: true,
    verification: 'model',
    issues: [],
    provider: 'openai-compatible',
    model: 'gpt-4o-mini',
    cached: false,
    timestamp: '2025-06-01T12:00:00.000Z',
    ...extra,
  };
}

/** Answers fetch by "METHOD /path" (without the query string); anything else is a test failure. */
function routeFetch(routes: Record<string, Route>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected call: ${key}`);
    return route(init, url);
  });
}

const emptyHistory: Route = () => jsonResponse({ items: [], nextCursor: null });
const callsTo = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key);

/** What every visit reads: the key list (one active key) and an empty history. */
const revealKey: Route = () => jsonResponse({ apiKey: FULL_KEY });
const baseRoutes: Record<string, Route> = {
  'GET /api/v1/api-keys': () => jsonResponse({ apiKeys: [KEY] }),
  // The list is masked: the screen reveals the key it generates with.
  'POST /api/v1/api-keys/key_1/reveal': revealKey,
  'GET /api/v1/images': emptyHistory,
};

/** Answers an uploaded file with "Described <its name>". */
const describeUpload: Route = (init) => {
  const file = (init?.body as FormData).get('file') as File;
  return jsonResponse(result(`upload:${file.name}`, `Described ${file.name}`));
};

function renderPage(options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  renderRoute(<GeneratePage />, { path: '/app/generate', extraPaths: ['/subscription'] });
  return { user };
}

/** Switches to Batch Processing and types one URL per row, adding rows as needed. */
async function enterBatch(user: ReturnType<typeof userEvent.setup>, urls: string[]) {
  await user.click(screen.getByRole('radio', { name: 'Batch Processing' }));
  for (const [index, url] of urls.entries()) {
    if (index > 0) await user.click(screen.getByRole('button', { name: 'Add URL' }));
    await user.type(screen.getByLabelText(`Image URL ${index + 1}`), url);
  }
}

const generateButton = () => screen.getByRole('button', { name: /Generate Alt Text|Generating|Processing/ });

describe('Generate form', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview-1');
    URL.revokeObjectURL = vi.fn();
    useToastStore.getState().clear();
    signInAs();
  });

  it('toasts "Please enter an image URL" for a blank single URL and makes no generation call', async () => {
    routeFetch(baseRoutes);
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), '   ');
    await user.click(generateButton());
    expect(await screen.findByText('Please enter an image URL')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/images')).toHaveLength(0);
  });

  it('offers Single Image and Batch Processing as a radio group, keeping the typed URL', async () => {
    routeFetch(baseRoutes);
    const { user } = renderPage();
    const group = screen.getByRole('radiogroup', { name: 'Processing mode' });
    expect(within(group).getByRole('radio', { name: 'Single Image' })).toHaveAttribute('aria-checked', 'true');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/kept.png');
    await user.click(within(group).getByRole('radio', { name: 'Batch Processing' }));
    expect(within(group).getByRole('radio', { name: 'Batch Processing' })).toHaveAttribute('aria-checked', 'true');
    // What was typed comes along to the first batch row.
    expect(screen.getByLabelText('Image URL 1')).toHaveValue('https://example.com/kept.png');
  });

  it('in batch mode labels each row, offers Remove only with more than one row, and ignores blank rows', async () => {
    routeFetch(baseRoutes);
    const { user } = renderPage();
    await user.click(screen.getByRole('radio', { name: 'Batch Processing' }));

    expect(screen.getByLabelText('Image URL 1')).toHaveAttribute('type', 'url');
    expect(screen.queryByRole('button', { name: /Remove image URL/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    expect(screen.getByLabelText('Image URL 2')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Remove image URL 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove image URL 2' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    await user.type(screen.getByLabelText('Image URL 3'), 'https://example.com/third.png');
    await user.click(screen.getByRole('button', { name: 'Remove image URL 1' }));
    expect(screen.queryByLabelText('Image URL 3')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Image URL 2')).toHaveValue('https://example.com/third.png');

    await user.click(screen.getByRole('button', { name: 'Remove image URL 2' }));
    expect(screen.queryByRole('button', { name: /Remove image URL/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Image URL 1')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    await user.type(screen.getByLabelText('Image URL 1'), '  ');
    await user.click(generateButton());
    expect(await screen.findByText('Please enter at least one image URL')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/images/batch')).toHaveLength(0);
  });

  it('generates with the first active key, reads "Generating..." meanwhile, and shows the result with its alt text as the img alt', async () => {
    let answer!: (response: Response) => void;
    routeFetch({
      'GET /api/v1/api-keys': () =>
        jsonResponse({ apiKeys: [{ ...KEY, id: 'revoked', apiKey: 'ak_live_…oked', status: 'revoked' }, KEY] }),
      'POST /api/v1/api-keys/key_1/reveal': revealKey,
      'GET /api/v1/images': emptyHistory,
      'POST /api/v1/images': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/meadow.png');
    await user.type(screen.getByLabelText('Context (Optional)'), 'Hiking blog');
    await user.click(generateButton());

    const busy = await screen.findByRole('button', { name: 'Generating...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    const [, init] = callsTo('POST /api/v1/images')[0]!;
    expect(new Headers(init?.headers).get('X-API-Key')).toBe(FULL_KEY);
    expect(JSON.parse(String(init?.body))).toEqual({ imageUrl: 'https://example.com/meadow.png', context: 'Hiking blog' });

    answer(jsonResponse(result('https://example.com/meadow.png', 'A green meadow under a clear blue sky')));
    expect(await screen.findByText('Alt text generated successfully!')).toBeInTheDocument();
    const card = await screen.findByTestId('result');
    expect(within(card).getByRole('img')).toHaveAttribute('alt', 'A green meadow under a clear blue sky');
    expect(within(card).getByTestId('alt-text')).toHaveTextContent('A green meadow under a clear blue sky');
    expect(within(card).getByText('WCAG Compliant')).toBeInTheDocument();
    expect(within(card).getByText('1,234ms')).toBeInTheDocument();
    expect(screen.getByText('Alt text generated: A green meadow under a clear blue sky')).toBeInTheDocument();
    expect(generateButton()).toBeEnabled();
  });

  it('asks for several readings when "Check with several readings" is ticked (keyboard), and shows where they disagree', async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images': () =>
        jsonResponse(
          result('https://example.com/apples.png', 'Two red apples on a table', {
            wcagCompliant: false,
            samples: 3,
            agreement: 0.8,
            claims: [{ text: 'red apples', kind: 'colour', support: 2, of: 3 }],
            uncertain: [{ kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] }],
          }),
        ),
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/apples.png');
    screen.getByLabelText('Check with several readings').focus();
    await user.keyboard(' ');
    expect(screen.getByLabelText('Check with several readings')).toBeChecked();
    await user.click(generateButton());
    const card = await screen.findByTestId('result');
    const [, init] = callsTo('POST /api/v1/images')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ imageUrl: 'https://example.com/apples.png', verify: true });
    expect(within(card).getByTestId('readings-summary')).toHaveTextContent('Colour: 2 of 3 readings say red, 1 says orange');
    expect(within(card).getByTestId('alt-text')).toHaveTextContent('Two red (readings disagree) apples on a table');
  });

  it("lists the checker's issues instead of the badge when the text is not WCAG compliant", async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images': () =>
        jsonResponse(
          result('https://example.com/x.png', 'Image of x.png', {
            wcagCompliant: false,
            issues: [{ id: 'redundant-prefix', severity: 'error', message: 'Starts with "Image of"' }],
          }),
        ),
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/x.png');
    await user.click(generateButton());
    const card = await screen.findByTestId('result');
    expect(within(card).queryByText('WCAG Compliant')).not.toBeInTheDocument();
    expect(within(card).getByText('Starts with "Image of"')).toBeInTheDocument();
    expect(within(card).getByText('Error')).toBeInTheDocument();
  });

  it('creates a key on first use when the account has none', async () => {
    routeFetch({
      'GET /api/v1/api-keys': () => jsonResponse({ apiKeys: [] }),
      'POST /api/v1/api-keys': () => jsonResponse({ ...KEY, apiKey: 'ak_live_freshfreshfreshfresh', masked: false }, 201),
      'GET /api/v1/images': emptyHistory,
      'POST /api/v1/images': () => jsonResponse(result('https://example.com/a.png', 'A cat')),
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/a.png');
    await user.click(generateButton());
    expect(await screen.findByText('Alt text generated successfully!')).toBeInTheDocument();
    const [, createInit] = callsTo('POST /api/v1/api-keys')[0]!;
    // Named, so the key it made is recognisable on API Keys.
    expect(JSON.parse(String(createInit?.body))).toEqual({ userId: 'u_1', plan: 'free', name: 'Created by Generate' });
    const [, init] = callsTo('POST /api/v1/images')[0]!;
    expect(new Headers(init?.headers).get('X-API-Key')).toBe('ak_live_freshfreshfreshfresh');
  });

  it('toasts "API key not available. Please check your API keys page." when no key can be created', async () => {
    routeFetch({
      'GET /api/v1/api-keys': () => jsonResponse({ apiKeys: [] }),
      'POST /api/v1/api-keys': () => jsonResponse({ error: { code: 'conflict', message: 'Limit reached' } }, 409),
      'GET /api/v1/images': emptyHistory,
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/a.png');
    await user.click(generateButton());
    expect(await screen.findByText('API key not available. Please check your API keys page.')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/images')).toHaveLength(0);
  });

  it('sends a batch, reads "Processing 2 images...", and shows a failed item with its own message', async () => {
    let answer!: (response: Response) => void;
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images/batch': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderPage();
    await enterBatch(user, ['https://example.com/one.png', 'https://example.com/two.png']);
    await user.click(generateButton());

    expect(await screen.findByRole('button', { name: 'Processing 2 images...' })).toHaveAttribute('aria-disabled', 'true');
    const [, init] = callsTo('POST /api/v1/images/batch')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ imageUrls: ['https://example.com/one.png', 'https://example.com/two.png'] });
    answer(
      jsonResponse({
        results: [
          result('https://example.com/one.png', 'First image'),
          { imageUrl: 'https://example.com/two.png', error: { code: 'image_unreachable', message: 'The image could not be fetched (404)' } },
        ],
        summary: { total: 2, succeeded: 1, failed: 1 },
      }),
    );
    // 1 of 2 worked: the toast says so (never "Alt text generated successfully!").
    expect(await screen.findByText('Generated alt text for 1 of 2 images; 1 failed')).toBeInTheDocument();
    expect(screen.queryByText('Alt text generated successfully!')).toBeNull();
    const failed = await screen.findByTestId('result-error');
    expect(within(failed).getByText(/The image could not be fetched \(404\)/)).toBeInTheDocument();
    expect(within(failed).getByText('https://example.com/two.png')).toBeInTheDocument();
  });

  it('asks for NDJSON and shows each batch result as it arrives, before the slow one is done', async () => {
    let push!: (line: unknown) => void;
    let end!: () => void;
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images/batch': (init) => {
        expect(new Headers(init?.headers).get('accept')).toContain('application/x-ndjson');
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (line) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
            end = () => controller.close();
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
      },
    });
    const { user } = renderPage();
    await enterBatch(user, ['https://example.com/slow.png', 'https://example.com/quick.png', 'https://example.com/gone.png']);
    await user.click(generateButton());
    await screen.findByRole('button', { name: 'Processing 3 images...' });
    push({ index: 1, result: result('https://example.com/quick.png', 'The quick one') });
    // On screen while the batch still runs.
    expect(await screen.findByText('The quick one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Processing 3 images...' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('1 of 3 images done')).toBeInTheDocument();
    push({ index: 2, result: { imageUrl: 'https://example.com/gone.png', error: { code: 'image_unreachable', message: 'The image host answered HTTP 404' } } });
    push({ index: 0, result: result('https://example.com/slow.png', 'The slow one') });
    push({ summary: { total: 3, succeeded: 2, failed: 1 } });
    end();
    expect(await screen.findByText('Generated alt text for 2 of 3 images; 1 failed')).toBeInTheDocument();
    expect(screen.getByText('The slow one')).toBeInTheDocument();
  });

  it("shows the server's 403 message with a link to /subscription when the plan has no batch processing", async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images/batch': () =>
        jsonResponse({ error: { code: 'plan_forbidden', message: 'Batch processing needs the Pro plan' } }, 403),
    });
    const { user } = renderPage();
    await enterBatch(user, ['https://example.com/one.png', 'https://example.com/two.png']);
    await user.click(generateButton());
    expect(await screen.findByText('Batch processing needs the Pro plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View subscription plans' })).toHaveAttribute('href', '/subscription');
  });

  it('keeps only image files, says how many are ready, and uploads each as multipart', async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images': describeUpload,
    });
    const { user } = renderPage({ applyAccept: false });
    const input = screen.getByLabelText(/^Drag and drop images, or click to upload/);
    await user.upload(input, [
      new File(['a'], 'cat.png', { type: 'image/png' }),
      new File(['b'], 'notes.txt', { type: 'text/plain' }),
      new File(['c'], 'dog.jpg', { type: 'image/jpeg' }),
    ]);
    expect(screen.getByText('2 image(s) ready for processing')).toBeInTheDocument();
    expect(screen.queryByText(/notes\.txt/)).not.toBeInTheDocument();

    await user.click(generateButton());
    expect(await screen.findByText('Generated alt text for 2 images!')).toBeInTheDocument();
    const uploads = callsTo('POST /api/v1/images');
    expect(uploads).toHaveLength(2);
    expect(uploads.map(([, init]) => ((init?.body as FormData).get('file') as File).name).sort()).toEqual(['cat.png', 'dog.jpg']);
    const images = (await screen.findAllByTestId('result')).map((card) => within(card).getByRole('img'));
    expect(images.map((img) => img.getAttribute('alt')).sort()).toEqual(['Described cat.png', 'Described dog.jpg']);
    expect(images[0]).toHaveAttribute('src', 'blob:preview-1');
    await waitFor(() => expect(screen.queryByText(/ready for processing/)).not.toBeInTheDocument());
  });

  it('refuses a file over the upload limit before sending anything, keeping the others', async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images': describeUpload,
    });
    const { user } = renderPage({ applyAccept: false });
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText(/^Drag and drop images, or click to upload/), [
      huge,
      new File(['a'], 'small.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText('"huge.png" is larger than 10 MB')).toBeInTheDocument();
    expect(screen.getByText('1 image(s) ready for processing')).toBeInTheDocument();
    await user.click(generateButton());
    await screen.findAllByTestId('result');
    const uploads = callsTo('POST /api/v1/images');
    expect(uploads.map(([, init]) => ((init?.body as FormData).get('file') as File).name)).toEqual(['small.png']);
  });

  it("toasts the server's message when a generation fails", async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images': () =>
        jsonResponse({ error: { code: 'quota_exceeded', message: 'Hourly limit of 100 requests reached' } }, 429),
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/a.png');
    await user.click(generateButton());
    const alerts = await screen.findAllByRole('alert');
    await waitFor(() =>
      expect(alerts.some((alert) => alert.textContent?.includes('Hourly limit of 100 requests reached'))).toBe(true),
    );
  });

  it('marks an invalid address on its field (aria-invalid, described by the message), calls nothing, and clears it once fixed', async () => {
    routeFetch(baseRoutes);
    const { user } = renderPage();
    const field = screen.getByLabelText('Image URL');
    await user.type(field, 'foo bar{Enter}');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Image URL must be an http or https address/);
    expect(field).toHaveFocus();
    expect(callsTo('POST /api/v1/images')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'https://example.com/ok.png');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('moves focus to the new result after Enter in Image URL (the disabled form would drop it to the page)', async () => {
    routeFetch({ ...baseRoutes, 'POST /api/v1/images': () => jsonResponse(result('https://example.com/a.png', 'A cat on a mat')) });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/a.png{Enter}');
    const card = await screen.findByTestId('result');
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveAccessibleName('a.png');
  });

  it('clears the described address after a result, so the next upload is not described with it too (issue 35 row 13)', async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images': (init) =>
        init?.body instanceof FormData ? describeUpload(init, '') : jsonResponse(result('https://example.com/meadow.png', 'A green meadow')),
    });
    const { user } = renderPage({ applyAccept: false });
    const field = screen.getByLabelText('Image URL');
    expect(field).toHaveAccessibleDescription(/cleared once described/i);
    await user.type(field, 'https://example.com/meadow.png');
    await user.click(generateButton());
    expect(await screen.findByText('Alt text generated successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveValue('');

    useToastStore.getState().clear();
    await user.upload(screen.getByLabelText(/^Drag and drop images, or click to upload/), new File(['a'], 'cat.png', { type: 'image/png' }));
    await user.click(generateButton());
    expect(await screen.findByText('Alt text generated successfully!')).toBeInTheDocument();
    const calls = callsTo('POST /api/v1/images');
    expect(calls).toHaveLength(2);
    expect(calls[1]![1]?.body).toBeInstanceOf(FormData);
  });

  it('in batch mode clears the described addresses and keeps the one that failed, to be fixed', async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images/batch': () =>
        jsonResponse({
          results: [
            result('https://example.com/one.png', 'First image'),
            { imageUrl: 'https://example.com/two.png', error: { code: 'image_unreachable', message: 'The image could not be fetched (404)' } },
          ],
          summary: { total: 2, succeeded: 1, failed: 1 },
        }),
    });
    const { user } = renderPage();
    await enterBatch(user, ['https://example.com/one.png', 'https://example.com/two.png']);
    await user.click(generateButton());
    expect(await screen.findByText('Generated alt text for 1 of 2 images; 1 failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL 1')).toHaveValue('https://example.com/two.png');
    expect(screen.queryByLabelText('Image URL 2')).toBeNull();
  });

  it('keeps every address when the batch request itself fails (none was described)', async () => {
    routeFetch({
      ...baseRoutes,
      'POST /api/v1/images/batch': () => jsonResponse({ error: { code: 'internal_error', message: 'Something went wrong' } }, 500),
    });
    const { user } = renderPage();
    await enterBatch(user, ['https://example.com/one.png', 'https://example.com/two.png']);
    await user.click(generateButton());
    await waitFor(() => expect(useToastStore.getState().toasts.length).toBeGreaterThan(0));
    await waitFor(() => expect(generateButton()).not.toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByLabelText('Image URL 1')).toHaveValue('https://example.com/one.png');
    expect(screen.getByLabelText('Image URL 2')).toHaveValue('https://example.com/two.png');
  });

  it('says in the tips that http and https both work, from a public address', () => {
    routeFetch(baseRoutes);
    renderPage();
    const tips = screen.getByRole('complementary', { name: 'Tips for best results' });
    expect(within(tips).getByText(/public web addresses \(http or https\)/)).toBeInTheDocument();
    expect(within(tips).queryByText(/HTTPS addresses/)).toBeNull();
  });

  it('marks Batch Processing "Pro" for a Free account before it is tried', () => {
    routeFetch(baseRoutes);
    renderPage();
    const batch = screen.getByRole('radio', { name: 'Batch Processing' });
    expect(batch).toHaveTextContent('Pro');
    expect(batch).toHaveAccessibleDescription('Needs the Pro plan or higher');
  });

  it('shows the kept thumbnail of an uploaded image from the history after a reload', async () => {
    routeFetch({
      ...baseRoutes,
      'GET /api/v1/images': () =>
        jsonResponse({
          items: [
            {
              id: 'g1',
              ...result('harbour.png', 'Boats in a harbour'),
              thumbnail: 'data:image/webp;base64,UklGRg==',
            },
          ],
          nextCursor: null,
        }),
    });
    renderPage();
    const card = await screen.findByTestId('result');
    expect(within(card).getByRole('img')).toHaveAttribute('src', 'data:image/webp;base64,UklGRg==');
  });
});
