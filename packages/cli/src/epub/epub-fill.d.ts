import type { Altwise } from '@altwise/sdk';
import type { ImageCounts } from '@altwise/engine/epub';
export interface EpubFillOptions {
    input: string;
    output: string;
    overwritePoor: boolean;
    allowDrafts: boolean;
    concurrency: number;
    language?: string;
    maxLength?: number;
}
export interface EpubFillReport {
    counts: ImageCounts;
    /** One line per image not given a text alternative, and why. */
    left: string[];
    notes: string[];
    changedDocuments: string[];
}
export declare function epubFill(client: Altwise, options: EpubFillOptions, io: {
    err(text: string): void;
}): Promise<EpubFillReport>;
export declare function epubFillSummary(report: EpubFillReport, output: string): string;
