/** The types of stale-builds.mjs (plain JavaScript, so that `npm start` needs no TypeScript loader). */
export declare const ROOT: string;
export declare const SERVER_START: string;
export declare function buildToolsInstalled(): boolean;
export declare function buildWhatIsStale(say: (line: string) => void): Promise<void>;
