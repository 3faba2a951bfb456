export type RuleSetting = 'off' | 'warn' | 'error';
export interface LintConfig {
    ignore: string[];
    rules: Record<string, RuleSetting>;
    language?: string;
}
/** The lint section of the config file named by --config, else ./altwise.config.json if there is one. */
export declare function loadLintConfig(configFlag: string | undefined, cwd: string): LintConfig;
