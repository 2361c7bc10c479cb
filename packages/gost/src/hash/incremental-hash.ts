/** An incremental hash for large inputs: feed it with `update` as often as needed, then call `digest` once. */
export interface IncrementalHash {
  update(data: Uint8Array): this;
  digest(): Uint8Array;
}
