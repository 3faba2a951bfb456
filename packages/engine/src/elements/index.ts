// The element model (model-free: no sharp, tesseract or SDKs), imported on its own as @altwise/engine/elements.
export * from './element-kinds';
export * from './accessible-name';
export * from './presentation';
export * from './element-verdict';
