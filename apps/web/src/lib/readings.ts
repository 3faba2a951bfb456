import type { UncertainClaim } from '@altwise/shared';

/** How a kind of disputed claim is named on Generate and in review. */
export const CLAIM_KIND_NAMES: Record<UncertainClaim['kind'], string> = {
  count: 'Count',
  colour: 'Colour',
  text: 'Text in the image',
  object: 'Object',
  action: 'Action',
  setting: 'Setting',
};

/** "2 of 3 readings say red, 1 says orange". */
export function readingsSentence(entry: UncertainClaim, samples: number): string {
  return entry.readings
    .map(({ value, count }, index) => (index === 0 ? `${count} of ${samples} readings say ${value}` : `${count} ${count === 1 ? 'says' : 'say'} ${value}`))
    .join(', ');
}
