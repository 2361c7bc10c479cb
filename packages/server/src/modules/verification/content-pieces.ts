/**
 * Pieces below this size are copied before they are kept: busboy hands back bytes that looked like the start of a
 * boundary as views of its look-behind buffer (at most the boundary's length), which it keeps writing to. Today it
 * only ever writes the same bytes there (the buffer holds a prefix of the boundary); the copy does not rely on that.
 * Larger pieces are views of socket reads, which nothing reuses.
 */
const SMALL_PIECE_BYTES = 1024;

/** Where small pieces are gathered, so a body sent a few bytes at a time is not kept as millions of objects. */
const STAGING_BYTES = 64 * 1024;

/**
 * An uploaded file's bytes kept in the pieces they arrived in, without joining them (a copy of up to 30 MB and
 * the garbage collections it caused). Small pieces are copied and gathered; see {@link SMALL_PIECE_BYTES}.
 */
export class ContentPieces {
  readonly #pieces: Buffer[] = [];
  #staging: Buffer | null = null;
  #staged = 0;

  /** Keeps `piece` (a view the caller will not change). */
  add(piece: Buffer): void {
    if (piece.byteLength >= SMALL_PIECE_BYTES) {
      this.#flush();
      this.#pieces.push(piece);
      return;
    }
    if (this.#staging === null || this.#staged + piece.byteLength > STAGING_BYTES) {
      this.#flush();
      this.#staging = Buffer.allocUnsafe(STAGING_BYTES);
    }
    piece.copy(this.#staging, this.#staged);
    this.#staged += piece.byteLength;
  }

  /** The pieces so far, in order (the small ones gathered into copies). */
  pieces(): readonly Buffer[] {
    this.#flush();
    return this.#pieces;
  }

  #flush(): void {
    if (this.#staging !== null && this.#staged > 0) {
      this.#pieces.push(this.#staging.subarray(0, this.#staged));
      // What is left of the staging buffer is not reused: the kept view would see it change.
      this.#staging = this.#staging.subarray(this.#staged);
      this.#staged = 0;
      if (this.#staging.byteLength < SMALL_PIECE_BYTES) this.#staging = null;
    }
  }
}
