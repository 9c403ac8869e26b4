// Types of strings.js, for the TypeScript that imports it (its consistency test).
export declare const SECTION_TITLES: Record<string, string>;
export declare const STAGES: { key: string; text: string }[];
export declare const SENDING_TEXT: string;
export declare const DECISION_LABELS: Record<string, string>;
export declare const CLIENT_TIMEOUT_MS: number;
export declare function describeError(err: unknown): {
  title: string;
  text: string;
  action: 'retry' | 'key' | 'new' | null;
};
