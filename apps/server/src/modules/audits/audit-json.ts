// An audit of 2,000 images is about 1 MB of JSON; checking it against the schema and writing it
// out in one go holds the event loop for 60–110 ms (issue 18: ten such audits at once would stall
// every other request). It is done ahead instead, 100 images a turn with the loop free between
// turns, and the route's serializer sends what was prepared.
import type { Audit } from '@altwise/shared';
import { auditImageSchema, auditSchema } from '@altwise/shared';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

const IMAGES_PER_TURN = 100;
const PREPARED = Symbol('prepared JSON');
const headSchema = auditSchema.omit({ images: true });

type Prepared = Audit & { [PREPARED]?: string };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The images as JSON, each checked against the shared schema (model output and page text are untrusted). */
export async function imagesJson(images: Audit['images']): Promise<string> {
  const parts: string[] = [];
  for (let start = 0; start < images.length; start += IMAGES_PER_TURN) {
    if (start > 0) await nextTurn();
    for (const image of images.slice(start, start + IMAGES_PER_TURN)) parts.push(JSON.stringify(auditImageSchema.parse(image)));
  }
  return `[${parts.join(',')}]`;
}

/** The audit, carrying its JSON (written in turns) for `preparedAuditSerializer` to send. */
export async function prepareAuditJson(audit: Audit, images?: string): Promise<Audit> {
  const head = JSON.stringify(headSchema.parse(audit));
  const json = `${head.slice(0, -1)},"images":${images ?? (await imagesJson(audit.images))}}`;
  Object.defineProperty(audit, PREPARED, { value: json, enumerable: false });
  return audit;
}

/** The zod serializer, except for an audit whose JSON was prepared: that is sent as it is. */
export const preparedAuditSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const fallback = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data) => (data as Prepared | null)?.[PREPARED] ?? fallback(data);
};
