// Types of require-node.mjs (plain JavaScript so that an end-of-life Node can still read it).
export declare const FLOOR: readonly [number, number, number];
export declare const RECOMMENDED: number;
export declare function isSupported(version: string): boolean;
export declare function unsupportedMessage(version: string): string;
