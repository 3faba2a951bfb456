export interface CliConfig {
    apiKey?: string;
    url: string;
    /** Where the key and the URL came from, for the line that says which server the CLI talks to. */
    keyFrom?: string;
    urlFrom: string;
    concurrency: number;
    root?: string;
    /** Things worth a line on stderr (a setting that was not used, and why). */
    notes: string[];
}
export declare const CONFIG_FILE = "altwise.config.json";
export declare const DEFAULT_URL = "http://localhost:8080";
/**
 * Key: --api-key, then ALTWISE_API_KEY, then altwise.config.json. URL: --url, then ALTWISE_URL, then
 * the default; the config file's URL only goes with the config file's own key. A project folder is
 * anyone's (a cloned repository), so its config must never redirect a key the user holds in a flag
 * or the environment to a server the folder chose; a config naming a URL without a key is refused.
 */
export declare function loadCliConfig(flags: {
    apiKey?: string;
    url?: string;
    config?: string;
}, env?: NodeJS.ProcessEnv, cwd?: string): CliConfig;
