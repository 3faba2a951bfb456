// Runs inside a worker thread: parses one page at a time and finds its images (page-images.ts), so
// a 5 MB page never holds the server's event loop.
import { parentPort, threadId } from 'node:worker_threads';
import { findPageImages } from './page-images';

export interface ParseRequest {
  id: number;
  html: string;
  pageUrl: string;
  maxImages: number;
  maxLinks?: number;
}

/** The images travel as JSON: parsing 1 MB of it costs the event loop a quarter of a structured clone's time. */
export type ParseReply = { id: number; threadId: number; ok: true; json: string } | { id: number; threadId: number; ok: false; message: string };

parentPort?.on('message', ({ id, html, pageUrl, maxImages, maxLinks }: ParseRequest) => {
  let reply: ParseReply;
  try {
    reply = { id, threadId, ok: true, json: JSON.stringify(findPageImages(html, new URL(pageUrl), { maxImages, maxLinks })) };
  } catch (error) {
    reply = { id, threadId, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(reply);
});
