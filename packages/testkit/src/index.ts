/** Test PKI and signing emulators (filled in by the signatures work). */
export {};
