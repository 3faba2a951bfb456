/**
 * The reference page's styles: the web app's palette (Tailwind's gray, blue and badge tones) with
 * every text colour at 4.5:1 or more on its background, in light and in dark (the reader's
 * prefers-color-scheme), and 24 px targets for the index links (WCAG 2.5.8).
 */
export const API_DOCS_STYLES = `
:root { color-scheme: light dark; --bg: #ffffff; --panel: #f9fafb; --border: #e5e7eb; --text: #111827; --muted: #4b5563;
  --link: #1d4ed8; --focus: #2563eb; --code-bg: #f3f4f6;
  --get-bg: #dbeafe; --get: #1e3a8a; --post-bg: #dcfce7; --post: #14532d; --put-bg: #fef3c7; --put: #78350f;
  --patch-bg: #ede9fe; --patch: #4c1d95; --delete-bg: #fee2e2; --delete: #7f1d1d; --required: #9f1239; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #030712; --panel: #111827; --border: #374151; --text: #f3f4f6; --muted: #d1d5db;
    --link: #93c5fd; --focus: #60a5fa; --code-bg: #1f2937;
    --get-bg: #1e3a8a; --get: #dbeafe; --post-bg: #14532d; --post: #dcfce7; --put-bg: #78350f; --put: #fef3c7;
    --patch-bg: #4c1d95; --patch: #ede9fe; --delete-bg: #7f1d1d; --delete: #fee2e2; --required: #fda4af; }
}
* { box-sizing: border-box; }
html { font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; background: var(--bg); color: var(--text); overflow-wrap: anywhere; }
a { color: var(--link); text-underline-offset: 2px; }
a:focus-visible, summary:focus-visible, main:focus-visible, .table-scroll:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875em; background: var(--code-bg); border-radius: 4px; padding: 0.05em 0.3em; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 1rem; background: var(--bg); border: 2px solid var(--focus); border-radius: 6px; z-index: 10; }
.skip-link:focus { top: 0.5rem; }
.site-header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1.5rem; padding: 0.75rem 1.5rem; border-bottom: 1px solid var(--border); background: var(--panel); }
.site-header ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0; padding: 0; list-style: none; }
.site-header a { display: inline-block; padding: 0.25rem 0; }
.brand { font-weight: 700; font-size: 1.125rem; color: var(--text); text-decoration: none; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr); max-width: 90rem; margin: 0 auto; }
@media (min-width: 64rem) {
  .layout { grid-template-columns: 20rem minmax(0, 1fr); }
  .index { position: sticky; top: 0; max-height: 100vh; overflow-y: auto; border-right: 1px solid var(--border); }
}
.index { padding: 1rem 1.25rem; font-size: 0.875rem; }
.index h2 { font-size: 1rem; margin: 0.5rem 0; }
.index ul { list-style: none; margin: 0; padding: 0; }
.index ul ul { margin: 0.25rem 0 0.75rem; }
.index a { display: flex; align-items: center; gap: 0.5rem; min-height: 1.75rem; padding: 0.125rem 0.25rem; border-radius: 4px; }
.index > ul > li > a { font-weight: 600; }
main { padding: 1rem 1.5rem 4rem; min-width: 0; }
h1 { font-size: 2rem; line-height: 1.2; margin: 1rem 0 0.5rem; }
.version { font-size: 1rem; font-weight: 500; color: var(--muted); }
.lead { font-size: 1.125rem; color: var(--muted); }
main > section > h2 { font-size: 1.5rem; margin: 2.5rem 0 1rem; padding-bottom: 0.25rem; border-bottom: 1px solid var(--border); }
.operation { border: 1px solid var(--border); border-radius: 12px; padding: 1rem 1.25rem; margin: 1rem 0; background: var(--panel); }
.operation h3 { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; font-size: 1.0625rem; margin: 0 0 0.5rem; }
.operation h4 { font-size: 0.9375rem; margin: 1rem 0 0.25rem; }
.method { display: inline-block; min-width: 4.25rem; text-align: center; font: 700 0.75rem/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; border-radius: 6px; padding: 0.125rem 0.375rem; }
.method-get { background: var(--get-bg); color: var(--get); }
.method-post { background: var(--post-bg); color: var(--post); }
.method-put { background: var(--put-bg); color: var(--put); }
.method-patch { background: var(--patch-bg); color: var(--patch); }
.method-delete { background: var(--delete-bg); color: var(--delete); }
.path { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.auth, .description, .limits, .media, .schema-type { color: var(--muted); }
.auth { font-size: 0.875rem; }
.media { font-weight: 400; font-size: 0.8125rem; }
.fields { list-style: none; margin: 0.25rem 0; padding-left: 1rem; border-left: 2px solid var(--border); font-size: 0.875rem; }
.fields li { margin: 0.375rem 0; }
.field { font-weight: 600; }
.type { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.8125rem; }
.required { color: var(--required); font-size: 0.75rem; font-weight: 700; text-transform: uppercase; }
.optional, .limits { font-size: 0.8125rem; }
.description { margin: 0.125rem 0 0; }
.responses { list-style: none; padding: 0; margin: 0; font-size: 0.875rem; }
.responses > li { padding: 0.25rem 0; min-height: 1.75rem; }
summary { cursor: pointer; min-height: 1.75rem; padding: 0.125rem 0; }
.status { display: inline-block; min-width: 2.5rem; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 700; }
.table-scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.875rem; min-width: 32rem; }
th, td { text-align: left; vertical-align: top; padding: 0.375rem 0.5rem; border-bottom: 1px solid var(--border); }
td p { margin: 0; }
`;
