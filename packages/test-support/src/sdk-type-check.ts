// Requests held to a provider's published types at run time: the official SDKs (`openai`,
// `@anthropic-ai/sdk`, `stripe`) publish the parameters of every call as TypeScript types, and the
// TypeScript compiler is the one checker that reads them as published. Each recorded request becomes
// `const r0: SdkType = <its JSON>;` in one in-memory file compiled against the installed SDKs, so an
// unknown field (an object literal's excess property), a missing required one or a wrong value is a
// compiler diagnostic, reported against the request it came from. Used by the fakes' contract tests:
// what the production code sent during a suite is checked after it, not only what it was written to send.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface TypedRequest {
  /** What the request was, for the report: "POST /v1/checkout/sessions". */
  readonly where: string;
  /** A type expression over the imports given, e.g. `OpenAI.ChatCompletionCreateParamsNonStreaming`. */
  readonly type: string;
  /** The request as sent (JSON-like). */
  readonly value: unknown;
}

// A virtual file inside this package, so the SDKs resolve from its node_modules as the fakes' do.
const VIRTUAL = path.join(path.dirname(fileURLToPath(import.meta.url)), '__sdk_contract__.ts');

/** Long strings (base64 images, prompts) do not change a type: shortened to keep the file small. */
function literal(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' && item.length > 200 ? `${item.slice(0, 40)}…` : item,
  );
}

/**
 * What the published types find wrong with each request; empty when every one is a value the SDK's
 * type for it accepts. `imports` are the lines that name the SDKs (`import type OpenAI from 'openai';`).
 */
export function sdkTypeProblems(imports: readonly string[], requests: readonly TypedRequest[]): string[] {
  if (requests.length === 0) return [];
  const header = [...imports, ''];
  // One request a line: a diagnostic's line says which request it belongs to.
  const source = [...header, ...requests.map((request, index) => `export const r${index}: ${request.type} = ${literal(request.value)};`)].join('\n');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    esModuleInterop: true,
    types: ['node'],
    lib: ['lib.es2023.d.ts'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === VIRTUAL ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  host.fileExists = (name) => name === VIRTUAL || fileExists(name);
  host.readFile = (name) => (name === VIRTUAL ? source : readFile(name));
  const program = ts.createProgram([VIRTUAL], options, host);
  const file = program.getSourceFile(VIRTUAL)!;
  return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((diagnostic) => {
    const line = diagnostic.start === undefined ? -1 : file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const request = requests[line - header.length];
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    return request ? `${request.where} (${request.type}): ${message}` : `${message}`;
  });
}
