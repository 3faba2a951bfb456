/** Counts in words with the right number: "1 row", "2 rows", "1,043 rows". */
export const countOf = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;

/** The job page's note on rows of an uploaded CSV that were refused: "1 row was not accepted". */
export const skippedRowsText = (count: number) => `${countOf(count, 'row')} ${count === 1 ? 'was' : 'were'} not accepted`;
