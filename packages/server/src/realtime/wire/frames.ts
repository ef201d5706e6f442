/**
 * Reassembles client messages from WebSocket frames. The SDK sends a message over 16 KB as a frame
 * holding only the frame count (at most six digits) followed by that many text chunks; a lone "0"
 * is its keepalive. The limits keep one connection from buffering without bound.
 */
export const MAX_MESSAGE_CHARS = 16 * 1024 * 1024;
const MAX_FRAMES = Math.ceil(MAX_MESSAGE_CHARS / 16384);

export class FrameError extends Error {
  override readonly name = 'FrameError';
}

export class FrameAssembler {
  private expected = 0;
  private chunks: string[] = [];
  private size = 0;

  /** Feeds one frame; returns a complete message's text, or null while more frames are due. */
  push(frame: string): string | null {
    if (this.expected === 0) {
      if (frame.length <= 6 && /^\d+$/.test(frame)) {
        const count = Number(frame);
        if (count > MAX_FRAMES) throw new FrameError(`Too many frames announced (${count})`);
        this.expected = count;
        return null;
      }
      return frame;
    }
    this.size += frame.length;
    if (this.size > MAX_MESSAGE_CHARS) throw new FrameError('Message too large');
    this.chunks.push(frame);
    if (this.chunks.length < this.expected) return null;
    const message = this.chunks.join('');
    this.expected = 0;
    this.chunks = [];
    this.size = 0;
    return message;
  }
}
