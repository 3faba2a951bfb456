// Finding images in markup (HTML, XHTML, Markdown, JSX) with their context, language, purpose and
// current text alternative, judging that alternative with the element model, and writing alt text
// back as minimal source edits. Model-free, imported on its own as @altwise/engine/markup by the CLI's
// lint and fill and by the server's EPUB jobs.
export * from './found-image';
export * from './find-images';
export * from './css-selector';
export * from './edits';
export * from './image-findings';
export * from './jsx-values';
export * from './markdown-code';
export * from './markdown-images';
export * from './source-location';
export * from './surroundings';
export * from './tag-scanner';
