import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no variables at all: SQLite in ./data, port 8080, the auto provider', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: null, appSecret: null });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.ai.provider).toBe('auto');
    expect(config.images).toEqual({ maxBytes: 10_485_760, fetchTimeoutMs: 10_000, fetchAllow: [], exiftool: 'exiftool' });
    expect(config.batchConcurrency).toBe(8);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('parses lists and numbers', () => {
    const config = loadConfig({ IMAGE_FETCH_ALLOW: '127.0.0.1:9000, intranet:80', PORT: '3000', CORS_ORIGINS: 'https://a.example' });
    expect(config.images.fetchAllow).toEqual(['127.0.0.1:9000', 'intranet:80']);
    expect(config.port).toBe(3000);
    expect(config.corsOrigins).toEqual(['https://a.example']);
  });

  it('keeps the image, page and webhook allow-lists apart: an image host is not a page or webhook host', () => {
    const config = loadConfig({ IMAGE_FETCH_ALLOW: 'images:80', PAGE_FETCH_ALLOW: 'wiki:80, docs:8080', WEBHOOK_ALLOW: 'hooks:443' });
    expect(config.images.fetchAllow).toEqual(['images:80']);
    expect(config.pages.fetchAllow).toEqual(['wiki:80', 'docs:8080']);
    expect(config.webhooks.allow).toEqual(['hooks:443']);
    expect(loadConfig({ IMAGE_FETCH_ALLOW: 'images:80' })).toMatchObject({ pages: { fetchAllow: [] }, webhooks: { allow: [] } });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['ALT_PROVIDER', { ALT_PROVIDER: 'skynet' }],
    ['APP_SECRET', { APP_SECRET: 'short' }],
    ['IMAGE_MAX_BYTES', { IMAGE_MAX_BYTES: '-1' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
  ])('fails fast naming the bad variable %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });
  it('passes ALT_IMAGE_MAX_EDGE to the engine, within 256..2048', () => {
    expect(loadConfig({}).ai.maxImageEdge).toBeUndefined();
    expect(loadConfig({ ALT_IMAGE_MAX_EDGE: '768' }).ai.maxImageEdge).toBe(768);
    for (const bad of ['255', '2049', '512.5', 'big']) {
      expect(() => loadConfig({ ALT_IMAGE_MAX_EDGE: bad }), bad).toThrow(/\bALT_IMAGE_MAX_EDGE\b/);
    }
  });

  it('reads VERIFY_PROVIDERS as providers with an optional model, and stops a start whose provider lacks its key', () => {
    expect(loadConfig({}).ai.verifyProviders).toEqual([]);
    expect(loadConfig({ VERIFY_PROVIDERS: 'ollama, anthropic:claude-haiku-4-5', ANTHROPIC_API_KEY: 'k' }).ai.verifyProviders).toEqual([
      { provider: 'ollama', model: undefined },
      { provider: 'anthropic', model: 'claude-haiku-4-5' },
    ]);
    expect(() => loadConfig({ VERIFY_PROVIDERS: 'offline' })).toThrow(/\bVERIFY_PROVIDERS\b/);
    expect(() => loadConfig({ VERIFY_PROVIDERS: 'skynet:big' })).toThrow(/\bVERIFY_PROVIDERS\b/);
    expect(() => loadConfig({ VERIFY_PROVIDERS: 'anthropic' })).toThrow(/VERIFY_PROVIDERS anthropic needs ANTHROPIC_API_KEY/);
    expect(() => loadConfig({ VERIFY_PROVIDERS: 'openai-compatible' })).toThrow(/needs OPENAI_BASE_URL/);
  });

  it('is documented whole: docs/configuration.md lists every variable the schema reads, and no other', () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, '../../../docs/configuration.md'), 'utf8');
    // The table's first column: `NAME`, `A` / `B`, `A`, `B`.
    const documented = new Set(doc.split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)));
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(50);
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
    // The web build's own variable is the one row the server does not read.
    expect([...documented].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual(['VITE_API_BASE_URL']);
  });
});
