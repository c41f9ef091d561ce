import { constants, crc32, deflateRawSync } from 'node:zlib';

/** The gzip level of every compressed answer. */
export const GZIP_LEVEL = 6;

/** A part that many answers repeat word for word: encoded and compressed once per process. */
export interface SharedPart {
  readonly bytes: Buffer;
  /** Its raw deflate blocks, flushed to a byte boundary (Z_FULL_FLUSH): joinable after any other. */
  readonly deflated: Buffer;
}

/**
 * A body written as parts, some of them shared (a server-drawn page's styles, about 66 of its 83 kB,
 * are the same on every page). Its gzip is one gzip member whose deflate stream is its parts' blocks
 * joined: each part is compressed on its own and flushed with Z_FULL_FLUSH (byte-aligned, not final,
 * no reference to what came before it), so a shared part's blocks are computed once and a miss
 * compresses only its own parts. Any gzip reader reads it as one stream; it costs a few hundred bytes
 * (no match across a part's edge).
 */
export class PartedBody {
  constructor(readonly parts: readonly (string | SharedPart)[]) {}

  /** The body's bytes and its gzip. */
  encode(): { bytes: Buffer; gzip: Buffer } {
    const bytes: Buffer[] = [];
    const deflated: Buffer[] = [GZIP_HEADER];
    for (const part of this.parts) {
      if (typeof part === 'string') {
        if (part.length === 0) continue;
        const encoded = Buffer.from(part);
        bytes.push(encoded);
        deflated.push(deflateRawSync(encoded, FLUSHED));
      } else {
        bytes.push(part.bytes);
        deflated.push(part.deflated);
      }
    }
    const whole = Buffer.concat(bytes);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(whole), 0);
    trailer.writeUInt32LE(whole.length % 2 ** 32, 4);
    deflated.push(FINAL_BLOCK, trailer);
    return { bytes: whole, gzip: Buffer.concat(deflated) };
  }

  /** The body's bytes alone (an answer that is not kept). */
  bytes(): Buffer {
    return Buffer.concat(
      this.parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part.bytes)),
    );
  }
}

const FLUSHED = { level: GZIP_LEVEL, finishFlush: constants.Z_FULL_FLUSH };
/** A gzip member's header: deflate, no name or time, OS unknown (as zlib writes it, but for the OS byte). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block of fixed codes: the end of the deflate stream after the last flushed part. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The texts made shared parts, by their text; the renderer gives the same few for the life of the process. */
const shared = new Map<string, SharedPart>();
const MAX_SHARED = 16;

/** `text` as a shared part, encoded and compressed on its first use. */
export function sharedPart(text: string): SharedPart {
  let part = shared.get(text);
  if (!part) {
    const bytes = Buffer.from(text);
    part = { bytes, deflated: deflateRawSync(bytes, FLUSHED) };
    // Never more than a few: should a caller make many, the oldest go (a miss then compresses it again).
    if (shared.size >= MAX_SHARED) shared.delete(shared.keys().next().value!);
    shared.set(text, part);
  }
  return part;
}
