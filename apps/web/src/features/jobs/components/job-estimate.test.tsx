import { buildZip } from '@altwise/test-support/zip';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoute } from '@/test/render';
import { mockFetch, signInAs } from '@/test/session';
import type { PickedFile } from '../picked-files';
import { countZipImages } from '../zip-images';
import { JobEstimateNotice } from './job-estimate';

const fetchMock = mockFetch();
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

const picked = (path: string, bytes: Buffer, type: string): PickedFile => ({ path, file: new File([new Uint8Array(bytes)], path.split('/').pop()!, { type }) });

/** Three images a job would describe, and what it skips or refuses: a folder, junk, a link, an encrypted entry, a text file, a nested zip. */
const catalogue = () =>
  buildZip([
    { name: 'shoes/' },
    { name: 'shoes/red.png', data: PNG },
    { name: 'shoes/blue.jpg', data: PNG, method: 'store' },
    { name: 'hats/green.webp', data: PNG },
    { name: '__MACOSX/shoes/._red.png', data: PNG },
    { name: 'shoes/.hidden.png', data: PNG },
    { name: 'shoes/link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
    { name: 'shoes/secret.png', data: PNG, encrypted: true },
    { name: 'shoes/notes.txt', data: Buffer.from('text') },
    { name: 'shoes/inner.zip', data: buildZip([{ name: 'x.png', data: PNG }]) },
  ]);

const estimate = (units: number) => ({ units, deduplicated: false, remaining: { hourly: 2000, daily: 25000 }, finishesAt: null, basis: `${units} requests fit in what is left now.` });

describe('the estimate of a job of files', () => {
  beforeEach(() => signInAs());

  it('counts the images in a zip from its directory, as the server would take them', async () => {
    const zip = catalogue();
    expect(await countZipImages(new Blob([new Uint8Array(zip)]))).toBe(3);
    expect(await countZipImages(new Blob(['not a zip at all']))).toBeNull();
  });

  it('estimates loose files and a zip before anything is uploaded: only the count is sent, in requests', async () => {
    fetchMock.mockResolvedValue(jsonResponse(estimate(5)));
    const files = [picked('summer/a.png', PNG, 'image/png'), picked('summer/b.png', PNG, 'image/png'), picked('summer/catalogue.zip', catalogue(), 'application/zip')];
    renderRoute(<JobEstimateNotice input={{ kind: 'files', files }} />);
    await waitFor(() => expect(screen.getByTestId('job-estimate')).toHaveTextContent('This job will use 5 requests (one per image file; identical files are found when they are uploaded and charged once, so it may use fewer).'));
    expect(screen.getByTestId('job-estimate')).toHaveTextContent('Your account has 2,000 requests left this hour and 25,000 requests left today.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/jobs/estimate');
    expect(JSON.parse(String(init!.body))).toEqual({ images: 5 });
  });

  it('says one request, not "1 requests", and why a zip it cannot read has no estimate yet', async () => {
    fetchMock.mockResolvedValue(jsonResponse(estimate(1)));
    const { unmount } = renderRoute(<JobEstimateNotice input={{ kind: 'files', files: [picked('one.png', PNG, 'image/png')] }} />);
    await waitFor(() => expect(screen.getByTestId('job-estimate')).toHaveTextContent('This job will use 1 request (one per image file;'));
    unmount();
    fetchMock.mockClear();
    renderRoute(<JobEstimateNotice input={{ kind: 'files', files: [picked('broken.zip', Buffer.from('PK broken'), 'application/zip')] }} />);
    await waitFor(() => expect(screen.getByTestId('job-estimate')).toHaveTextContent('No estimate yet: broken.zip could not be read here; its images are counted when the job starts.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
