// Alt text written into the image file's own metadata (IPTC/XMP), through exiftool.
export { writeAccessibilityMetadata, requireWritableImage } from './accessibility-metadata';
export type { AccessibilityText, WrittenImage } from './accessibility-metadata';
export { exiftoolAvailable, isMetadataWriterError, MetadataWriterError, runExiftool, EXIFTOOL_MISSING } from './exiftool';
export type { ExiftoolOptions, MetadataWriterErrorCode } from './exiftool';
