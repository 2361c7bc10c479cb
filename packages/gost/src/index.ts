/** GOST primitives of Kazakhstan's PKI (filled in by the signatures work). */
export {};
