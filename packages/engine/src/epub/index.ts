// An EPUB read and written for alt text (container, package, content documents, accessibility
// metadata, long descriptions), imported on its own as @altwise/engine/epub by the CLI's `epub`
// commands and the server's EPUB jobs.
export * from './epub-archive';
export * from './epub-xml';
export * from './epub-package';
export * from './epub-book';
export * from './epub-metadata';
export * from './epub-long-description';
export * from './epub-apply';
export * from './epub-targets';
