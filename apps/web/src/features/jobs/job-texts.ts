import { countOf } from '@/lib/format';

export { countOf };

/** The job page's note on rows of an uploaded CSV that were refused: "1 row was not accepted". */
export const skippedRowsText = (count: number) => `${countOf(count, 'row')} ${count === 1 ? 'was' : 'were'} not accepted`;
