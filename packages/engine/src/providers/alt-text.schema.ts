import { z } from 'zod';

// Every field is required and "none" is an empty string: OpenAI's strict structured
// outputs reject optional properties, and the other providers accept this shape too.
export const altTextOutputSchema = z.object({
  altText: z.string().describe('The alt text; an empty string when the image is decorative'),
  isDecorative: z.boolean().describe('True when the image adds no information and needs an empty alt'),
  containsText: z.boolean().describe('True when the image shows readable text'),
  textInImage: z.string().describe('The visible text, verbatim; an empty string when there is none'),
  longDescription: z
    .string()
    .describe('For charts, diagrams and infographics: the data or detail; otherwise an empty string'),
  keywordsShown: z
    .array(z.string())
    .describe('The account keywords that truly describe what the image shows; an empty array when none'),
});

export type AltTextOutput = z.infer<typeof altTextOutputSchema>;
