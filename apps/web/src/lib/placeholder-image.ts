const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400"><rect width="640" height="400" fill="#e5e7eb"/><g fill="none" stroke="#6b7280" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"><rect x="220" y="120" width="200" height="160" rx="16"/><circle cx="275" cy="170" r="18"/><path d="M228 262l62-62 44 44 30-30 48 48"/></g><text x="320" y="330" font-family="system-ui,sans-serif" font-size="22" fill="#374151" text-anchor="middle">Image unavailable</text></svg>`;

/** Shown in place of an image that fails to load (an inline SVG, so it never fails itself). */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
