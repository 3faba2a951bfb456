import { z } from 'zod';
import type { TokenUsage, VisionOutput } from './vision-provider';

// Every field is required and "none" is an empty string: OpenAI's strict structured outputs reject
// optional properties, and the other providers accept this shape too. No .describe(): the system
// prompt's last line says what each field holds, and descriptions would be sent (and paid) twice.
export const altTextOutputSchema = z.object({
  altText: z.string(),
  isDecorative: z.boolean(),
  containsText: z.boolean(),
  textInImage: z.string(),
  longDescription: z.string(),
  keywordsShown: z.array(z.string()),
});

export type AltTextOutput = z.infer<typeof altTextOutputSchema>;

/** The structured answer as a provider output: "none" (an empty string) becomes absent. */
export function visionOutputOf(output: AltTextOutput, usage: TokenUsage | undefined): VisionOutput {
  return {
    altText: output.altText,
    isDecorative: output.isDecorative,
    containsText: output.containsText,
    textInImage: output.textInImage || undefined,
    longDescription: output.longDescription || undefined,
    keywordsShown: output.keywordsShown,
    usage,
  };
}
