// The `lint` section of altwise.config.json: { ignore: [globs], rules: { id: 'off'|'warn'|'error' },
// language }. Read on its own (lint needs no key and no server), validated strictly so a typo in a
// rule id is said, not silently ignored.
import fs from 'node:fs';
import path from 'node:path';
import { languageSchema } from '@altwise/shared';
import { z } from 'zod';
import { CONFIG_FILE } from '../config';
import { LINT_RULES, isKnownRule } from './lint-rules';

export type RuleSetting = 'off' | 'warn' | 'error';

export interface LintConfig {
  ignore: string[];
  rules: Record<string, RuleSetting>;
  language?: string;
}

const lintSectionSchema = z
  .object({
    ignore: z.array(z.string().min(1).max(1000)).max(1000).default([]),
    rules: z
      .record(z.string(), z.enum(['off', 'warn', 'error']))
      .default({})
      .check((context) => {
        for (const id of Object.keys(context.value).filter((key) => !isKnownRule(key))) {
          context.issues.push({ code: 'custom', input: id, path: [id], message: `unknown rule "${id}" (rules: ${LINT_RULES.map((entry) => entry.id).join(', ')})` });
        }
      }),
    language: languageSchema.optional(),
  })
  .strict();

/** The lint section of the config file named by --config, else ./altwise.config.json if there is one. */
export function loadLintConfig(configFlag: string | undefined, cwd: string): LintConfig {
  const file = configFlag ? path.resolve(cwd, configFlag) : path.join(cwd, CONFIG_FILE);
  if (!fs.existsSync(file)) {
    if (configFlag) throw new Error(`${configFlag} does not exist`);
    return { ignore: [], rules: {} };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const section = parsed && typeof parsed === 'object' ? (parsed as { lint?: unknown }).lint : undefined;
  const result = lintSectionSchema.safeParse(section ?? {});
  if (!result.success) {
    const first = result.error.issues[0]!;
    throw new Error(`"lint${first.path.map((part) => `.${String(part)}`).join('')}" in ${path.basename(file)}: ${first.message}`);
  }
  return result.data;
}
